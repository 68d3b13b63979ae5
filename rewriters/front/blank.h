// blank.h - host bodies blanked in the view before the parse (blank.c).
#pragma once
#include "pch.h"

typedef struct {
  size_t fn, open, close;  // view offsets: the function's start, its body's braces
} Blanked;

// Blanks, in the main file's view (unsaved[0]), the bodies of its host
// functions that the rewrite does not need, found by a parse with every
// function body skipped (with the PCH *pch, pch_parse); returns them (*n),
// with the view's text as it was (*saved), NULL when none.
const Blanked *blank_host_bodies(Front *f, const FrontOptions *opt, Pch **pch, struct CXUnsavedFile *unsaved,
                                 int nunsaved, unsigned flags, int *n, char **saved);
// Whether each blank is the body of its function in f's parse.
bool blanks_proven(const Front *f, const Blanked *b, int n);

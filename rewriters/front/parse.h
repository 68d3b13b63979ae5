// parse.h - the one libclang parse of a translation unit (parse.c).
#pragma once
#include "front.h"

// Parses files[0] as the main file, every file with its own view, and returns
// one Front per file (each "main file" of its own node table), sharing the
// parse; NULL (and reports) when libclang cannot produce an AST. Free with
// front_free(out[0]) last.
Front **front_parse_files(Arena *a, Diag *d, const FrontFile *files, int n, const FrontOptions *opt);

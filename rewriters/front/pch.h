// pch.h - the PCH of the headers (pch.c): its key, building it, the cache's
// size, loading it.
#pragma once
#include "front.h"

typedef struct {
  const char *key;       // the cache entry: KEY.pch and what stands beside it
  const char *path;      // the PCH
  const char *header;    // the name its preamble is parsed under
  const char *preamble;  // the text
  size_t len;
  size_t main_len;       // the main file's bytes that the PCH holds: [0, main_len)
  const char **argv;     // flags for building and loading it
  int argc;
  const FrontHoist *hoist;  // the system headers it reads past the preamble (hoist.c); NULL: none
  size_t hoist_at;          // where their lines start in the text
  size_t *line_at;          // where each starts
  bool fresh;               // built by this run
  const char **deps;        // its companions (read_pch_companions)
  int ndeps;
  const char **errors;
  int nerrors;
} Pch;

// The PCH that this file's parses load, worked out once per run: with the
// hoisted system headers when hoist.c's rules hold, else the preamble's
// alone; NULL for none.
Pch *pch_choose(Front *f, const FrontOptions *opt);
// Parses f's file with the PCH *pch when there is one, else without; a PCH
// that does not load is chosen (built) anew, once (*pch may change).
enum CXErrorCode pch_parse(Front *f, const FrontOptions *opt, Pch **pch, struct CXUnsavedFile *unsaved, int nunsaved,
                           unsigned flags, const char *lap);

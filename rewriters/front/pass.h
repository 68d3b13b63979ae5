// pass.h - the remembered answer "this translation unit holds no annotation"
// (the launcher's pass-through test, tirx_tu_annotated), so that a build that
// compiles the same unannotated files again reads no header: a file that
// reaches many user headers (ggml's, 30 headers, 300 KB) is scanned once, and
// later runs only stat what the header search looked at. The command line
// remembers the same answer with what it wrote (the output's bytes and the
// depfile's list), for the place it wrote it to.
#pragma once
#include <stdbool.h>

#include "tirxpp.h"
#include "tu.h"

// What the command line wrote for an unannotated input (tirx_rewrite's
// fast path): the output's bytes (NULL: the input's, untouched) and the
// depfile's list, the input first.
typedef struct {
  const char *text;
  size_t len;
  const char **deps;
  int ndeps;
} PassCopy;

// Whether the cache says the input (opt->path, as given, with the bytes
// data) holds no annotation and no file its search found or missed has
// changed since. With copy (the command line's question, asked for where
// the output goes too): what was written then, in a's memory.
bool pass_known(Arena *a, const TirxOptions *opt, const char *data, size_t len, PassCopy *copy);
// Remembers that the input (those bytes) holds no annotation, with what the
// header search looked at (tu_read_probed's probes) and the input itself;
// with copy, what the command line wrote.
void pass_remember(Arena *a, const TirxOptions *opt, const char *data, size_t len, const Probes *probes,
                   const PassCopy *copy);

// pass.h - the remembered answer "this translation unit holds no annotation"
// (the launcher's pass-through test, tirx_tu_annotated), so that a build that
// compiles the same unannotated files again reads no header: a file that
// reaches many user headers (ggml's, 30 headers, 300 KB) is scanned once, and
// later runs only stat what the header search looked at.
#pragma once
#include <stdbool.h>

#include "tirxpp.h"
#include "tu.h"

// Whether the cache says the input (opt->path, as given, with the bytes
// data) holds no annotation and no file its search found or missed has
// changed since.
bool pass_known(Arena *a, const TirxOptions *opt, const char *data, size_t len);
// Remembers that the input (those bytes) holds no annotation, with what the
// header search looked at (tu_read_probed's probes) and the input itself.
void pass_remember(Arena *a, const TirxOptions *opt, const char *data, size_t len, const Probes *probes);

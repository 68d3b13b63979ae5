// driver.h - the pipeline's entry points (driver.c). The library's interface
// (api.c) calls them under its out-of-memory trap (util.h).
#pragma once
#include "tirxpp.h"

int rewrite_untrapped(const TirxOptions *opt, const char *data, size_t len, TirxResult *out, FILE *diag_out);
bool has_annotations_untrapped(const char *data, size_t len);
bool tu_annotated_untrapped(const TirxOptions *opt, const char *data, size_t len);

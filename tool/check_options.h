// check_options.h - NVRTC's options for tirx-pp --check (check_options.c),
// apart from check.c so that the fuzzer compiles with the same options.
#pragma once
#include "tirxpp.h"
#include "tirx_support.h"

// NVRTC's options for the output of options `o`: the target, the dialect,
// the include paths (the parse's, tirx's, CUDA's, the stand-ins for the
// standard headers) and -DTIRX_PP_OUTPUT; at most CHECK_NVRTC_OPTIONS(o) of
// them, allocated in `ar`. Returns how many.
#define CHECK_NVRTC_OPTIONS(o) ((o)->nclang_args + 22)
int check_nvrtc_options(Arena *ar, const TirxOptions *o, const char **out);

// Whether NVRTC checks a file of dialect `std` (-std's value) as C++17, as
// libcu++, which the stand-ins of the standard headers include, needs.
bool check_std_raised(const char *std);

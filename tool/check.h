// check.h - tirx-pp --check: the device view of the output compiled with
// NVRTC for the target, and NVRTC's messages reported at the original lines.
#pragma once
#include <stdio.h>

#include "tirxpp.h"

// Compiles `view` (TirxResult.device) of the rewrite made with options `o`.
// `input` holds the input's bytes, for the snippets under messages in the
// input. Returns TIRX_OK, TIRX_INPUT_ERROR (NVRTC errors, or warnings under
// -Werror) or TIRX_IO_ERROR (no NVRTC).
int check_device(const TirxOptions *o, const char *view, const char *inlined, const char *input, size_t len, FILE *err);

// launcher.h - tirx-pp as a compiler launcher (docs/language.md#headers-and-existing-builds):
//   tirx-pp NVCC NVCC-ARGS...
// An annotated CUDA source is rewritten beside the object (OBJ.tirx.cu, and
// its headers in OBJ.tirx.cu.headers/) and nvcc compiles that instead; any
// other command runs as given.
#pragma once
#include <stdbool.h>

#include "args.h"

// Whether tirx-pp's first argument names a compiler: an executable that is
// not a source file or an option.
bool is_compiler(const char *arg);
// Runs the nvcc command argv[0..argc) (argv[0] the compiler). Returns the
// exit status (nvcc's, or tirx-pp's when it stops first); does not return
// when it runs nvcc as given.
int launch(Args *a, int argc, char **argv);

// launcher.h - tirx-pp as a compiler launcher (docs/language.md#headers-and-existing-builds):
//   tirx-pp NVCC NVCC-ARGS...
// An annotated CUDA source is rewritten beside the object (OBJ.tirx.cu, and
// its headers in OBJ.tirx.cu.headers/) and nvcc compiles that instead; any
// other command runs as given.
#pragma once
#include <stdbool.h>

#include "args.h"

// Where the compiler command starts in tirx-pp's argv when tirx-pp is a
// launcher, 0 when it is not: argv[1] is nvcc (by name) or a compiler named
// in $TIRX_PP_COMPILERS, or ccache/sccache followed by one of those (1);
// `--launch COMPILER` names any program as the compiler (2).
int launcher_command(int argc, char **argv);
// Whether sccache runs tirx-pp (`sccache tirx-pp nvcc ...`: the wrong order,
// which sccache would cache wrongly): said as an error. Any command, as a
// launcher or not: sccache first asks its compiler what it is.
bool launcher_refuses_parent(void);
// Runs the nvcc command argv[0..argc) (argv[0] the compiler). Returns the
// exit status (nvcc's, or tirx-pp's when it stops first); does not return
// when it runs nvcc as given.
int launch(Args *a, int argc, char **argv);

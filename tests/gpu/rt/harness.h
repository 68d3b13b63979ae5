// harness.h - what examples/harness.h gives the kernels, for NVRTC, which
// compiles only device code. tests/gpu/rt_runner.c cuts every example at its
// "// ---- CPU reference" or "// ---- main" line and puts this directory first
// on the include path; the host side (CUDA_CHECK, DeviceArray, main) is the
// runner's own.
#pragma once
#include <cmath>  // INFINITY (headers/tirx/nvrtc_include/cmath under NVRTC)

// The runner compiles tirx-pp's output, so the kernels spelled with
// `#pragma tirx grid` / `elect` exist (examples/harness.h says why they may not).
#define HAVE_PRAGMA_KERNELS 1

// TIRX_UNROLL is object-like: TIRX_UNROLL(4) is not TIRX_UNROLL_N(4) (without
// tirx-pp it does not compile).
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_UNROLL(4)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

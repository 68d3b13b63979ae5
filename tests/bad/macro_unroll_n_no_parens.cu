// TIRX_UNROLL_N without its parentheses is not TIRX_UNROLL (without tirx-pp
// it does not even compile).
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_UNROLL_N
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

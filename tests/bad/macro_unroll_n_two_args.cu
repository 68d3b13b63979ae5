// TIRX_UNROLL_N takes one factor.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_UNROLL_N(2, 3)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

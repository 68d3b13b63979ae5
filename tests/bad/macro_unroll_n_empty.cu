// TIRX_UNROLL_N() names no factor (tirx.h would make it '#pragma unroll ').
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_UNROLL_N()
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

// The annotated kernel: each thread scales UNITS consecutive elements, the
// loop expanded by tirx-pp (or by nvcc's #pragma unroll through tirx.h's
// fallback when tirx-pp is not used).
#include "tirx.h"

constexpr int UNITS = 4;

__global__ void scale(float *x, int n, float s) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * UNITS;
  if (base + UNITS > n) tirx_thread_return();
  TIRX_UNROLL
  for (int k = 0; k < UNITS; ++k) x[base + k] *= s;
}

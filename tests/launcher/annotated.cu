// An annotated kernel whose trip count comes from a sibling header.
#include "tirx.h"
#include "params.h"
__global__ void row_sum(const float *a, float *out) {
  float s = 0.f;
#pragma tirx unroll
  for (int k = 0; k < WIDTH; ++k) s += a[threadIdx.x * WIDTH + k];
  out[threadIdx.x] = s;
}

#pragma once
#include "tirx.h"
template <int N>
__device__ void fill(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) a[i * blockDim.x + threadIdx.x] = N;
}

#pragma once
#include "tirx.h"
#include "count.h"
template <int N>
__device__ void fill(float *a) {
#pragma tirx unroll
  for (int i = 0; i < FILL_ROWS; ++i) a[i * blockDim.x + threadIdx.x] = N;
}

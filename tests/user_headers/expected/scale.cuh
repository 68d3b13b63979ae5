#include "tirx.h"
#line 1 "@ROOT@/src/kernels/scale.cuh"
#pragma once
#include "@ROOT@/src/kernels/common.h"
#include "@ROOT@/src/kernels/common.h"
#include "@ROOT@/src/params.h"

// A template kernel with an annotated loop: rewritten in the header's copy.
template <typename T>
__global__ void scale(T *x, T s) {
{
  { const int i = 0; x[threadIdx.x * WIDTH + i] *= s + OFFSET; }
#line 10 "@ROOT@/src/kernels/scale.cuh"
  { const int i = 1; x[threadIdx.x * WIDTH + i] *= s + OFFSET; }
#line 10 "@ROOT@/src/kernels/scale.cuh"
  { const int i = 2; x[threadIdx.x * WIDTH + i] *= s + OFFSET; }
#line 10 "@ROOT@/src/kernels/scale.cuh"
  { const int i = 3; x[threadIdx.x * WIDTH + i] *= s + OFFSET; } }
}

__global__ void first_lane(float *x) {
  if (tirx_elect_one_sync())
  x[threadIdx.x / 32] = 1.0f;
}

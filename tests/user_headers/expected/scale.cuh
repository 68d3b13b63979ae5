#include "tirx.h"
#line 1 "src/kernels/scale.cuh"
#pragma once
#include "../../../src/kernels/common.h"
#include "../../../src/kernels/common.h"
#include "../params.h"

// A template kernel with an annotated loop: rewritten in the header's copy.
template <typename T>
__global__ void scale(T *x, T s) {
{
  { int i = 0; x[threadIdx.x * WIDTH + i] *= s + OFFSET; }
#line 10 "src/kernels/scale.cuh"
  { int i = 1; x[threadIdx.x * WIDTH + i] *= s + OFFSET; }
#line 10 "src/kernels/scale.cuh"
  { int i = 2; x[threadIdx.x * WIDTH + i] *= s + OFFSET; }
#line 10 "src/kernels/scale.cuh"
  { int i = 3; x[threadIdx.x * WIDTH + i] *= s + OFFSET; } }
}

__global__ void first_lane(float *x) {
  if (tirx_elect_one_sync())
  x[threadIdx.x / 32] = 1.0f;
}

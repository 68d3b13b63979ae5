#pragma once
#include "common.h"
#include "common.h"
#include "../params.h"

// A template kernel with an annotated loop: rewritten in the header's copy.
template <typename T>
__global__ void scale(T *x, T s) {
#pragma tirx unroll
  for (int i = 0; i < WIDTH; ++i) x[threadIdx.x * WIDTH + i] *= s + OFFSET;
}

__global__ void first_lane(float *x) {
  TIRX_ELECT
  x[threadIdx.x / 32] = 1.0f;
}

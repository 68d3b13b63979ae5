// Unrolled loops add no nvcc warning the loop did not have: cuda-samples'
// convolution (a negative start, indices added to threadIdx.x), unsigned,
// size_t and 8-bit indices, a shift by the index. nvcc_warnings.sh compares.
#include <cstddef>
#include "tirx.h"
#define KERNEL_RADIUS 8
__global__ void convolution_rows(const float *in, const float *kernel, float *out) {
  float sum = 0;
#pragma tirx unroll
  for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
    sum += kernel[KERNEL_RADIUS - j] * in[threadIdx.x + KERNEL_RADIUS + j];
  out[threadIdx.x] = sum;
}

__global__ void indices(const float *in, float *out, unsigned base) {
  float s = 0;
#pragma tirx unroll
  for (unsigned u = 4294967294u; u != 2u; ++u) s += in[base + u];
  TIRX_UNROLL for (size_t z = 0; z < 3; ++z) s += in[threadIdx.x - z];
#pragma tirx unroll
  for (unsigned char c = 254; c != 1; ++c) s += in[c];
#pragma tirx unroll
  for (int b = 0; b < 4; ++b) s += (float)(threadIdx.x << (b * 8 - 8) >> 8);
  TIRX_GRID_UNROLL(i, 2, k, 3)
  s += in[threadIdx.x + i - k];
  out[threadIdx.x] = s;
}

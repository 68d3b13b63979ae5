// unroll on the halving and doubling loops of reductions and scans
// (i *= C, i /= C, i <<= C, i >>= C); found in the adoption trial 2
// (cuda-samples scalarProd, llm.c softmax_forward).
#include "tirx.h"
__global__ void k(float *a, unsigned *b) {
  float v = a[threadIdx.x];
#pragma tirx unroll
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
#pragma tirx unroll
  for (int s = 1024 / 2; s > 0; s >>= 1) a[s] = v;
#pragma tirx unroll
  for (unsigned m = 1; m < 32; m <<= 1) b[m] = m;
#pragma tirx unroll
  for (int w = 1; w <= 8; w *= 2) a[w] += v;
#pragma tirx unroll
  for (int i = -7; i != 0; i /= 2) a[8 + i] = v;
  unsigned char c;
#pragma tirx unroll
  for (c = 3; c != 0; c *= 16) b[c] = c;
  b[0] = c;
  a[threadIdx.x] = v;
}

// threadIdx under another name: its class holds no data (CUDA's builtin
// __cuda_builtin_threadIdx_t, whose members read the hardware), but a
// condition on it is still the thread's, and the __syncthreads() under it is
// reached by part of the block.
#include "tirx.h"
__global__ void k(float *a) {
  const auto &tid = threadIdx;
  __shared__ float s[128];
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) s[tid.x] += a[i];
  if (tid.x == 0) __syncthreads();
  a[tid.x] = s[tid.x];
}

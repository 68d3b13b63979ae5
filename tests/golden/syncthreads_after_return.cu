// A thread-dependent return before __syncthreads() (llm.c's idiom): accepted.
// The threads that return exit, and exited threads never hold up a barrier of
// the whole block (PTX ISA, `exit`).
#include "tirx.h"
__global__ void k(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) tirx_thread_return();
  __syncthreads();
#pragma tirx unroll
  for (int j = 0; j < 2; ++j) out[i + j] = 0;
}

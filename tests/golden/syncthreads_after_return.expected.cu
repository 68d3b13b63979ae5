#line 1 "syncthreads_after_return.cu"
// A thread-dependent return before __syncthreads() (llm.c's idiom): accepted.
// The threads that return exit, and exited threads never hold up a barrier of
// the whole block (PTX ISA, `exit`).
#include "tirx.h"
__global__ void k(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __syncthreads();
{
  { int j = 0; out[i + j] = 0; }
#line 10 "syncthreads_after_return.cu"
  { int j = 1; out[i + j] = 0; } }
}

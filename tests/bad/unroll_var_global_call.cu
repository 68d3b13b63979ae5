// A loop variable that is a global, and a function called in the body that
// changes it: each expanded copy assigns its own value, so the change would be
// lost (the loop writes out[0], out[2], out[3]; the copies would write four).
// Calls into the toolkit (atomicAdd, __syncthreads) cannot change it.
#include "tirx.h"
__device__ int g_step;
__device__ void skip_next() { ++g_step; }
__global__ void visit(int *out) {
  int n = 0;
#pragma tirx unroll
  for (g_step = 0; g_step < 4; ++g_step) {
    out[n++] = g_step;
    atomicAdd(&out[8], 1);
    if (g_step == 0) skip_next();
  }
}

// Two producer warps run the same code, and lane 0 of each announces the
// bytes of a copy: two arrivals in one phase. With count(1) the phase
// completes at the first and the second completes the next one early (the
// consumer then reads a slot whose copy has not landed). tirx-pp accepted
// this before; it counts the threads the `if` lets through now.
#include "tirx.h"
__global__ void k(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warps(w: 4)
#pragma tirx event full[2] count(1)
#pragma tirx event empty[2] ready
#pragma tirx async(w < 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      if (threadIdx.x % 32 == 0) tirx_trigger_bytes(full[kt % 2], 0);
    }
  }
#pragma tirx async(w >= 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      if (threadIdx.x % 32 == 0) buf[w % 8] += 1;
#pragma tirx elect
      tirx_trigger(empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

// Two consumer warps each hand the slot back from one elected lane (an elect
// written by hand, tirx_elect_one_sync(), as CuTe's elect_one_sync()): 2
// arrivals a phase, count(2).
#include "tirx.h"
__global__ void k(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warps(w: 4)
#pragma tirx event full[2] count(2)
#pragma tirx event empty[2] ready count(2)
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
      if (threadIdx.x % 32 == 0) buf[w] += 1;
      if (tirx_elect_one_sync()) tirx_trigger(empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[2] + buf[3];
}

// A byte trigger under an `if` that picks a whole warp (threadIdx.x < 32),
// with count(1): every thread of warp 0 would arrive and announce the bytes,
// so the first arrival would end the phase and the other 31 spill into the
// next ones. tirx-pp wrote that before.
#include "tirx.h"
__global__ void k(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warps(w: 8)
#pragma tirx event full[2] count(1)
#pragma tirx event empty[2] ready
#pragma tirx async(w < 4)
  {
    if (threadIdx.x < 32) {
      for (int kt = 0; kt < n; ++kt) {
        tirx_wait(empty[kt % 2]);
        tirx_trigger_bytes(full[kt % 2], 0);
      }
    }
  }
#pragma tirx async(w >= 4)
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

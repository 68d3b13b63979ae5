// Two producer warps in one region, each filling its own ring (A and B of a
// GEMM, as separate rings), the byte trigger under the `if` that picks the
// thread that issues the copy (count(1)). Warp 1 is not the region's first
// warp: the deadlock check counts its trigger all the same (it reported a
// deadlock here before), and no deadlock is reported.
#include "tirx.h"
__global__ void two_rings(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warps(w: 12)
#pragma tirx event fullA[4] count(1)
#pragma tirx event emptyA[4] ready
#pragma tirx event fullB[2] count(1)
#pragma tirx event emptyB[2] ready
#pragma tirx async(w < 4)
  {
    if (w == 0) {
      for (int kt = 0; kt < n; ++kt) {
        tirx_wait(emptyA[kt % 4]);
        if (threadIdx.x == 0) tirx_trigger_bytes(fullA[kt % 4], 0);
      }
    } else if (w == 1) {
      for (int kt = 0; kt < n; ++kt) {
        tirx_wait(emptyB[kt % 2]);
        if (threadIdx.x == 32) tirx_trigger_bytes(fullB[kt % 2], 0);
      }
    }
  }
#pragma tirx async(w >= 4)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(fullA[kt % 4]);
      tirx_wait(fullB[kt % 2]);
      if (threadIdx.x % 32 == 0) buf[w % 8] += 1;
#pragma tirx elect
      tirx_trigger(emptyA[kt % 4]);
#pragma tirx elect
      tirx_trigger(emptyB[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

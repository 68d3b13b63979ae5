// One byte trigger under `if (threadIdx.x == 0)` in a region of two warps, with
// count(2): only thread 0 arrives, so each phase waits forever for a second
// arrival (it hung on the H200). The deadlock check counts one arrival from a
// site under an `if`, not one per warp that runs the region.
#include "tirx.h"
__global__ void two(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warps(w: 4)
#pragma tirx event full[2] count(2)
#pragma tirx event empty[2] ready
#pragma tirx async(w < 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      if (threadIdx.x == 0) tirx_trigger_bytes(full[kt % 2], 0);
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

// Lane 0 of each of a warpgroup's four warps reaches the byte trigger: four
// arrivals a phase from one partition index, with count(1).
#include "tirx.h"
__global__ void k(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] count(1)
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    const int lane = threadIdx.x & 31;
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      if (lane == 0) tirx_trigger_bytes(full[kt % 2], 0);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      if (threadIdx.x % 32 == 0) buf[threadIdx.x / 32 % 8] += 1;
#pragma tirx elect
      tirx_trigger(empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

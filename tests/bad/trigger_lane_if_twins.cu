// Two consumer warpgroups each hand a slot back from their first thread:
// two arrivals in one phase of `empty`, which counts one. The producer could
// refill a slot that the second consumer still reads.
#include "tirx.h"
__global__ void k(float *out, const float *in, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[2] count(1)
#pragma tirx event empty[2] ready count(1)
#pragma tirx async(wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      buf[kt % 2][threadIdx.x] = in[kt * 128 + threadIdx.x];
      tirx_region_sync();
      if (threadIdx.x == 0) tirx_trigger(full[kt % 2]);
    }
  }
#pragma tirx async(wg >= 1)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      acc += buf[kt % 2][threadIdx.x % 128];
      tirx_region_sync();
      if (threadIdx.x % 128 == 0) tirx_trigger(empty[kt % 2]);
    }
    out[blockIdx.x * 256 + threadIdx.x - 128] = acc;
  }
}

// `(threadIdx.x << 27) == 0` holds where the 32-bit shift leaves 0: every
// 32nd thread, four of a warpgroup, not only thread 0 (as 64 bits would
// have it). count(1) is below the four arrivals a phase.
#include "tirx.h"
__global__ void k(float *out, const float *in, int n, int flag) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] count(1)
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {

    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      if ((threadIdx.x << 27) == 0) tirx_trigger_bytes(full[kt % 2], 512);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      acc += buf[kt % 2][threadIdx.x % 128];
      tirx_trigger(empty[kt % 2]);
    }
    out[threadIdx.x] = acc;
  }
}

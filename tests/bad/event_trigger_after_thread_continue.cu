// A consumer skips NaNs with `continue` before its trigger: the threads
// that see one never arrive, and the phase of 'empty' never completes.
#include "tirx.h"
#define S 2
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      int s = kt % S;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[kt * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int kt = 0; kt < n; ++kt) {
      int s = kt % S;
      tirx_wait(full[s]);
      float x = buf[s][threadIdx.x - 128];
      if (x != x) continue;   // skip NaNs
      out[kt * 128 + threadIdx.x - 128] = x;
      tirx_trigger(empty[s]);
    }
  }
}

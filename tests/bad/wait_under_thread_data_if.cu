// A wait that only some threads take, as loaded data decides: their phase
// bits fall behind, and a later wait passes on a phase long completed.
#include "tirx.h"
#define S 2
__global__ void k(const float *in, float *out, const int *parts, int n) {
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
      if (parts[kt * 128 + threadIdx.x - 128]) tirx_wait(full[s]);
      out[kt * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

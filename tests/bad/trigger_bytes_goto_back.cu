// A loop made with a `goto` back over the byte trigger: it runs as many
// times a phase as parts[kt] says, and 'full' would count 1.
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
      int h = 0;
      again: tirx_trigger_bytes(full[s], 256);
      if (++h < parts[kt]) goto again;
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int kt = 0; kt < n; ++kt) {
      int s = kt % S;
      tirx_wait(full[s]);
      out[kt * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

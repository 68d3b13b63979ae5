// A loop of two halves whose `break` under a loaded condition may end it
// after one: 'full' would count 2 arrivals a phase and get 1.
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
      for (int h = 0; h < 2; ++h) {
        if (parts[kt] <= h) break;
        tirx_trigger_bytes(full[s], 256);
      }
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

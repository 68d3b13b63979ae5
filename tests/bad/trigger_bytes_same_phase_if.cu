// Two byte triggers of one phase, the second under a uniform if: whether it
// runs decides the count.
#include "tirx.h"
#define S 2
__global__ void k(const float *a, float *out, int n, bool twice) {
  __shared__ float as[S][512];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], 512);
#pragma tirx uniform
      if (twice) tirx_trigger_bytes(full[s], 512);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(full[s]);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

// Two byte triggers of one stage that name its slot two ways (full[s] and
// full[i % S]): counted as alternatives, and one index arrives twice on one
// slot before it waits: the phase would complete at the first copy.
#include "tirx.h"
#define S 2
__global__ void k(const float *a, float *out, int n) {
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
      tirx_trigger_bytes(full[i % S], 512);
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

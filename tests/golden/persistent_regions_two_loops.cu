// Two phases, each walked by both regions: tiles of A, then tiles of B. The
// n-th persistent loop of one region is compared with the n-th of the other.
#include "tirx.h"
#define S 2
__global__ void k(const float *in, float *out, int ta, int tb) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(t: ta)
    {
      tirx_wait(empty[it % S]);
      buf[it % S][threadIdx.x] = in[t * 128 + threadIdx.x];
      tirx_trigger(full[it % S]);
      ++it;
    }
#pragma tirx persistent(t: tb)
    {
      tirx_wait(empty[it % S]);
      buf[it % S][threadIdx.x] = 2.f * in[t * 128 + threadIdx.x];
      tirx_trigger(full[it % S]);
      ++it;
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(t: ta)
    {
      tirx_wait(full[it % S]);
      out[t * 128 + threadIdx.x - 128] = buf[it % S][threadIdx.x - 128];
      tirx_trigger(empty[it % S]);
      ++it;
    }
#pragma tirx persistent(t: tb)
    {
      tirx_wait(full[it % S]);
      out[(ta + t) * 128 + threadIdx.x - 128] = buf[it % S][threadIdx.x - 128];
      tirx_trigger(empty[it % S]);
      ++it;
    }
  }
}

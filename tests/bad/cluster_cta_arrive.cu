// A block-scope arrive on a cluster event: the other block's count never fills.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster count(2), empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
      out[threadIdx.x] += 1.f;
      if (threadIdx.x == 128) tirx_mbar_arrive(&empty[i % 2]);
    }
  }
}

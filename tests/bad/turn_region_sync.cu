// tirx_region_sync() inside a turn: the region's barrier waits for every
// thread of the region, and the other participant waits for its turn, which
// this one passes on only after the barrier.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < n; ++i) {
#pragma tirx turn(mma)
      {
        out[threadIdx.x] += 1.f;
        tirx_region_sync();
      }
    }
  }
}

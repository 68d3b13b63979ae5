// tirx_warpgroup_sync(1 + w): tirx-pp cannot read the id (before, it read the 1 and
// could hand 2 to a turn, which warpgroup 2's barrier then shared): a warning.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    const int w = wg - 1;
#pragma tirx turns mma
    tirx_warpgroup_sync(1 + w);
#pragma tirx turn(mma)
    out[threadIdx.x] += 1.f;
  }
}

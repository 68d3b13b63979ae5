// A named barrier id tirx-pp cannot read: a warning, as the ids it hands out may be that one.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    tirx_bar_sync(n, 256);
#pragma tirx turn(mma)
    out[threadIdx.x] += 1.f;
  }
}

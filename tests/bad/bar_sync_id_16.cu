// A named barrier id above 15: bar.sync has 16 barriers, 0 to 15.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    out[threadIdx.x] = 1.f;
    tirx_bar_sync(16, 256);
    out[threadIdx.x] += out[(threadIdx.x + 128) % 256 + 128];
  }
}

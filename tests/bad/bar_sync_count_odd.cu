// A named barrier's thread count that is not a multiple of 32: bar.sync
// counts whole warps.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 1.f;
    tirx_bar_sync(1, 100);
    out[threadIdx.x] += out[255 - threadIdx.x % 128];
  }
}

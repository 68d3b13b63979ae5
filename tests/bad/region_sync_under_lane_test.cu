#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    out[threadIdx.x] = 1;
    if (threadIdx.x % 32 == 0) tirx_region_sync();
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 2;
  }
}

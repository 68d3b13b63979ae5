#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warps(w: 4)
#pragma tirx async(w == 0)
  {
    out[threadIdx.x] = 1;
    tirx_warpgroup_sync(1);  // bar.sync 1, 128: the region has 32 threads
  }
#pragma tirx async(w >= 1)
  {
    out[threadIdx.x] = 2;
  }
}

// Named barrier ids 1..15: the kernel names 1..13 itself; 'mma' needs 2 and region_sync 1.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    tirx_region_sync();
    tirx_bar_sync(1, 256); tirx_bar_sync(2, 256); tirx_bar_sync(3, 256); tirx_bar_sync(4, 256);
    tirx_bar_sync(5, 256); tirx_bar_sync(6, 256); tirx_bar_sync(7, 256); tirx_bar_arrive(8, 256);
    tirx_bar_arrive(9, 256); tirx_bar_arrive(10, 256); tirx_bar_arrive(11, 256); tirx_warpgroup_sync(12);
    tirx_warpgroup_sync(13);
#pragma tirx turn(mma)
    out[threadIdx.x] += 1.f;
  }
}

// this_grid().sync() inside a region: a grid barrier that the other region's
// threads never reach.
#include <cooperative_groups.h>
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    a[threadIdx.x] = 1.f;
    cooperative_groups::this_grid().sync();
  }
#pragma tirx async(wg == 1)
  {
    a[threadIdx.x] = 0.f;
  }
}

// cg::this_thread_block().sync() inside a region: a block barrier that only
// the region's threads reach.
#include <cooperative_groups.h>
#include "tirx.h"
namespace cg = cooperative_groups;
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    a[threadIdx.x] = 1.f;
    cg::this_thread_block().sync();
  }
#pragma tirx async(wg == 1)
  {
    a[threadIdx.x] = 0.f;
  }
}

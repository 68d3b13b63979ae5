// cg::sync(block) inside a region: a block barrier that only the region's
// threads reach.
#include <cooperative_groups.h>
#include "tirx.h"
namespace cg = cooperative_groups;
__global__ void k(float *a) {
  cg::thread_block block = cg::this_thread_block();
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    a[threadIdx.x] = 1.f;
    cg::sync(block);
  }
#pragma tirx async(wg == 1)
  {
    a[threadIdx.x] = 0.f;
  }
}

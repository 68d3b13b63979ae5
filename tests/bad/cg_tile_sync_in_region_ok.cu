// A warp tile's sync inside a region is fine: the warp is within the region.
#include <cooperative_groups.h>
#include "tirx.h"
namespace cg = cooperative_groups;
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    a[threadIdx.x] = 1.f;
    warp.sync();
    cg::sync(warp);
  }
#pragma tirx async(wg == 1)
  {
    a[threadIdx.x] = 0.f;
  }
}

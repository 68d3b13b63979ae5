// A partitioned kernel that has __maxnreg__: nvcc takes no __launch_bounds__
// beside it, so tirx-pp adds none.
#include "tirx.h"

__global__ void __maxnreg__(128) k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = 1.f; }
#pragma tirx async(wg == 1)
  { out[threadIdx.x] = 2.f; }
}

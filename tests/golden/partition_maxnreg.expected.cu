#line 1 "partition_maxnreg.cu"
// A partitioned kernel that has __maxnreg__: nvcc takes no __launch_bounds__
// beside it, so tirx-pp adds none.
#include "tirx.h"

__global__ void __maxnreg__(128) k(float *out) {
const int wg = tirx_warpgroup_index();
if (wg == 0)
  { out[threadIdx.x] = 1.f; }
else if (wg == 1)
  { out[threadIdx.x] = 2.f; }
}

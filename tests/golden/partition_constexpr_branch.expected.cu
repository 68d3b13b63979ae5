#line 1 "partition_constexpr_branch.cu"
// A partition in one branch of `if constexpr`: __launch_bounds__ would bind
// the other instantiation too (k<false> launches 1024 threads), so the kernel
// gets none; its regions set no registers, which would need them.
#include "tirx.h"

template <bool SPLIT>
__global__ void k(float *out) {
  if constexpr (SPLIT) {
const int wg = tirx_warpgroup_index();
if (wg == 0)
    { out[threadIdx.x] = 1.f; }
else if (wg == 1)
    { out[threadIdx.x] = 2.f; }
  } else {
    out[threadIdx.x] = 3.f;
  }
}

void run(float *out) {
  k<true><<<1, 256>>>(out);
  k<false><<<1, 1024>>>(out);
}

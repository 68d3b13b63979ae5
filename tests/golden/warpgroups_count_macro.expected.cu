#line 1 "warpgroups_count_macro.cu"
// A partition whose count is an expression of a macro (a build-time choice,
// as -DCONSUMERS=3 would make it): the output keeps the lowering tirx-pp
// read (launch bounds, the arrival count of `full`) and asks nvcc to check
// the count again, so that an nvcc run with other -D flags fails to compile
// instead of building a kernel whose events count the wrong warpgroups.
#include "tirx.h"

#ifndef CONSUMERS
#define CONSUMERS 2
#endif
constexpr int kConsumers = CONSUMERS;

__global__ void __launch_bounds__(384, 1) k(float *out) {
  __shared__ float stage[128];
const int wg = tirx_warpgroup_index(); static_assert((1 + kConsumers) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
if (wg == 0)
  {
    stage[threadIdx.x] = 1.f;
    tirx_mbar_arrive(&full);
  }
else if (wg >= 1)
  {
    tirx_event_wait(&full, __tirx_phase_1_full, 0);
    out[threadIdx.x - 128] = stage[threadIdx.x % 128] * wg;
  }
}

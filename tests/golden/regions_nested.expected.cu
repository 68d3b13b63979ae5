#line 1 "regions_nested.cu"
// A region nested in another runs for the indices of both: the trigger in
// 'wg == 1 || wg == 2' inside 'wg <= 1' comes from wg 1 alone, so 'go' counts
// 128 arrivals (not 256: the consumer would wait forever), and the region after
// the outer one continues its chain ('else if') with no coverage warning.
#include "tirx.h"
__global__ void __launch_bounds__(384, 1) k(float *a) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t go; tirx_event_init(&go, 1, 128); uint32_t __tirx_phase_2_go = 0u;
if (wg <= 1)
  {
if (wg == 1 || wg == 2)
    { tirx_mbar_arrive(&go); }
    a[threadIdx.x] = 1.f;
  }
else if (wg == 2)
  { tirx_event_wait(&go, __tirx_phase_2_go, 0); a[threadIdx.x] = 2.f; }
}

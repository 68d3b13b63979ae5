#line 1 "event_names.cu"
// Events 'x' and 'x_1' keep their phase bits apart: the region index comes
// first in the generated name (__tirx_phase_1_x), which no event name can.
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) names(float *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t x; tirx_event_init(&x, 1, 128); uint32_t __tirx_phase_1_x = 0u;
__shared__ uint64_t x_1; tirx_event_init(&x_1, 1, (128)); uint32_t __tirx_phase_0_x_1 = 0u;
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      out[threadIdx.x] += k;
      tirx_mbar_arrive(&x);
      tirx_event_wait(&x_1, __tirx_phase_0_x_1, 0);
    }
  }
else if (wg == 1)
  {
    for (int k = 0; k < n; ++k) {
      tirx_event_wait(&x, __tirx_phase_1_x, 0);
      tirx_mbar_arrive(&x_1);
    }
  }
}

#line 1 "watchdog.cu"
// --watchdog: every wait gives up after the given cycles, says where, traps.
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(int *out) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t go; tirx_event_init(&go, 1, 128); uint32_t __tirx_phase_go_0 = 0u;
if (wg == 0)
  {
tirx_event_wait_watchdog(&go, __tirx_phase_go_0, 0, 1000000ll, "go", "watchdog.cu", 8);
    out[threadIdx.x] = 1;
  }
else if (wg == 1)
  {
    out[threadIdx.x] = 2;
tirx_mbar_arrive(&go);
  }
}

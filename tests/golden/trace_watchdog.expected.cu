#line 1 "trace_watchdog.cu"
// --trace with --watchdog: one hook per wait and trigger (tirx/hook.h) takes
// the region's recorder and the watchdog's table at that operation.
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) ring(int *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ tirx_watch_t<3, 2, 3> __tirx_watch; tirx_watch_init(__tirx_watch, "trace_watchdog.cu", "wg", "async(wg == 0)\nasync(wg == 1)\nthe block, outside the regions,", "full\ngo", {0, 2, 3}); __shared__ uint64_t full[2]; tirx_event_init(full, 2, 128);
__shared__ uint64_t go; tirx_event_init(&go, 1, 128); uint32_t __tirx_phase_0_go = 0u;
if (wg == 0)
  { tirx_trace_region_t __tirx_trace_0(4, 0, 0, 8, tirx_trace_stage<2>());
    int r = 0;
    for (int k = 0; k < n; ++k) {
      tirx_hook_wait_parity(__tirx_trace_0, tirx_watch_at(__tirx_watch, wg, 0, 0, threadIdx.x % 128 == 0, 1000000ll, "full"), full, &full[r++ % 2], (k / 2) & 1, 0, 12);
      out[threadIdx.x] += k;
    }
tirx_hook_event_wait(__tirx_trace_0, tirx_watch_at(__tirx_watch, wg, 0, 1, threadIdx.x % 128 == 0, 1000000ll, "go"), &go, __tirx_phase_0_go, 0, 1, 15);
  }
else if (wg == 1)
  { tirx_trace_region_t __tirx_trace_1(4, 1, 128, 17, tirx_trace_stage<2>());
    for (int k = 0; k < n; ++k) tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_watch_at(__tirx_watch, wg, 1, 0, threadIdx.x % 128 == 0, 1000000ll, "full"), full, &full[k % 2], 0, 19));
    tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_watch_at(__tirx_watch, wg, 1, 1, threadIdx.x % 128 == 0, 1000000ll, "go"), &go, &go, 1, 20));
  }
} static const int __tirx_trace_kernel_4 = tirx_trace_register(4, "ring", "trace_watchdog.cu", "wg == 0" "\n" "wg == 1", "full" "\n" "go");

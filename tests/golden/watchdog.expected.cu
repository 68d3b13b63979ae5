#line 1 "watchdog.cu"
// --watchdog: every wait gives up after the given cycles, says where, traps.
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(int *out) {
const int wg = tirx_warpgroup_index();
__shared__ tirx_watch_t<3, 1, 1> __tirx_watch; tirx_watch_init(__tirx_watch, "watchdog.cu", "wg", "async(wg == 0)\nasync(wg == 1)\nthe block, outside the regions,", "go", {0, 1}); __shared__ uint64_t go; tirx_event_init(&go, 1, 128); uint32_t __tirx_phase_0_go = 0u;
if (wg == 0)
  {
tirx_hook_event_wait(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 0, threadIdx.x % 128 == 0, 1000000ll, "go"), &go, __tirx_phase_0_go, 0, 0, 8);
    out[threadIdx.x] = 1;
  }
else if (wg == 1)
  {
    out[threadIdx.x] = 2;
tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 0, threadIdx.x % 128 == 0, 1000000ll, "go"), &go, &go, 0, 14));
  }
}

// An explicit-parity wait: its slot expression (with a side effect) is
// evaluated once; the message's slot comes from the address.
__global__ void __launch_bounds__(256, 1) ring(int *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ tirx_watch_t<3, 2, 3> __tirx_watch; tirx_watch_init(__tirx_watch, "watchdog.cu", "wg", "async(wg == 0)\nasync(wg == 1)\nthe block, outside the regions,", "full\nsingle", {0, 2, 3}); __shared__ uint64_t full[2]; tirx_event_init(full, 2, 128);
__shared__ uint64_t single; tirx_event_init(&single, 1, (128));
if (wg == 0)
  {
    int r = 0;
    for (int k = 0; k < n; ++k) {
      tirx_hook_wait_parity(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 0, threadIdx.x % 128 == 0, 1000000ll, "full"), full, &full[r++ % 2], (k / 2) & 1, 0, 28);
      out[threadIdx.x] += k;
    }
    tirx_hook_wait_parity(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 1, threadIdx.x % 128 == 0, 1000000ll, "single"), &single, &single, 0, 1, 31);
  }
else if (wg == 1)
  {
    for (int k = 0; k < n; ++k) tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 0, threadIdx.x % 128 == 0, 1000000ll, "full"), full, &full[k % 2], 0, 35));
    tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 1, threadIdx.x % 128 == 0, 1000000ll, "single"), &single, &single, 1, 36));
  }
}

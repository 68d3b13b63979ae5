#line 1 "cluster_watchdog.cu"
// --watchdog on cluster events: the message names the event as a cluster
// event and gives the block's rank in its cluster (docs/clusters.md).
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(int *out) {
const int wg = tirx_warpgroup_index();
__shared__ tirx_watch_t<3, 2, 3> __tirx_watch; tirx_watch_init(__tirx_watch, "cluster_watchdog.cu", "wg", "async(wg == 0)\nasync(wg == 1)\nthe block, outside the regions,", "go\nback", {0, 1, 3}); __shared__ uint64_t go; tirx_cluster_event_init(&go, 1, 4u * tirx_cluster_fanin(TIRX_FANIN_ALL)); uint32_t __tirx_phase_0_go = 0u; __shared__ uint64_t back[2]; tirx_cluster_event_init(back, 2, 4u * tirx_cluster_fanin(TIRX_FANIN_ALL)); tirx_cluster_exit_t __tirx_cluster_exit_go;
if (wg == 0)
  {
tirx_hook_event_wait(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 0, threadIdx.x % 128 == 0, 1000000ll, "go"), &go, __tirx_phase_0_go, 0, 0, 9, true);
    tirx_hook_wait_parity(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 1, threadIdx.x % 128 == 0, 1000000ll, "back"), back, &back[0], 0, 1, 10, true);
    out[threadIdx.x] = 1;
  }
else if (wg == 1)
  {
    out[threadIdx.x] = 2;
tirx_cluster_arrive_warp(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 0, threadIdx.x % 128 == 0, 1000000ll, "go"), &go, &go, 0, 16), TIRX_FANIN_ALL);
if (tirx_elect_one_sync())
    tirx_cluster_arrive_each(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 1, threadIdx.x % 128 < 32, 1000000ll, "back"), back, &back[0], 1, 18), TIRX_FANIN_ALL);
  }
}

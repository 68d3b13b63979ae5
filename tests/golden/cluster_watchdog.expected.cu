#line 1 "cluster_watchdog.cu"
// --watchdog on cluster events: the message names the event as a cluster
// event and gives the block's rank in its cluster (docs/clusters.md).
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(int *out) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t go; tirx_cluster_event_init(&go, 1, 4u * tirx_cluster_fanin(TIRX_FANIN_ALL)); uint32_t __tirx_phase_0_go = 0u; __shared__ uint64_t back[2]; tirx_cluster_event_init(back, 2, 4u * tirx_cluster_fanin(TIRX_FANIN_ALL)); tirx_cluster_exit_t __tirx_cluster_exit_go;
if (wg == 0)
  {
tirx_cluster_event_wait_watchdog(&go, __tirx_phase_0_go, 0, 1000000ll, "go", "cluster_watchdog.cu", 9);
    tirx_cluster_event_wait_parity_watchdog(back, &back[0], 0, 1000000ll, "back", "cluster_watchdog.cu", 10);
    out[threadIdx.x] = 1;
  }
else if (wg == 1)
  {
    out[threadIdx.x] = 2;
tirx_cluster_arrive_warp(&go, TIRX_FANIN_ALL);
if (tirx_elect_one_sync())
    tirx_cluster_arrive_each(&back[0], TIRX_FANIN_ALL);
  }
}

#line 1 "trigger_uniform_forms.cu"
// Under an 'if' marked '#pragma tirx uniform', triggers lower as they would
// outside it: tirx_trigger_bytes by the region's first thread (an unmarked
// 'if' leaves that to whoever reaches it), and a cluster event's trigger by
// whole warps (tirx_cluster_arrive_warp; one thread each under an unmarked 'if').
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) bytes(float *out, int n) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 1); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
      buf[i % 2][threadIdx.x] = (float)i;

      if (n > 0) tirx_event_arrive_bytes(&full[i % 2], 0, threadIdx.x == 0);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % 2);
      acc += buf[i % 2][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[i % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
__global__ void __launch_bounds__(256, 1) cluster_done(float *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t done; tirx_cluster_event_init(&done, 1, 4u * tirx_cluster_fanin(TIRX_FANIN_ALL)); uint32_t __tirx_phase_1_done = 0u; tirx_cluster_exit_t __tirx_cluster_exit_done;
if (wg == 0)
  {

    if (n > 0) tirx_cluster_arrive_warp(&done, TIRX_FANIN_ALL);
  }
else if (wg == 1)
  {
    tirx_cluster_event_wait(&done, __tirx_phase_1_done, 0);
    out[threadIdx.x - 128] = (float)n;
  }
}
void run(float *out, int n) {
{ tirx_launch_t __tirx_launch = tirx_launch_begin_cluster(cluster_done, (2), (256), 0, 0, false, dim3(2, 1, 1));
  if (__tirx_launch.err == cudaSuccess) tirx_launch_cluster(__tirx_launch, cluster_done)(out, n); tirx_launch_end(__tirx_launch, "trigger_uniform_forms.cu", 47, 3, "cluster_done", true, true); }
}

#line 1 "cluster.cu"
// Cluster scope (docs/clusters.md): a 2-block cluster shares B tiles. Each
// block's producer copies its own A tile and half of the B tile, multicast to
// both blocks; `full` is a cluster event so that its barriers are initialized
// and published to the cluster before any block copies into them, and each
// block announces its own bytes. `empty` is released in every block of the
// cluster by the consumers of each (inferred: 4 warps x 2 blocks).
#include "tirx.h"
#include "tirx/tma.h"
#define STAGES 2
__global__ void __launch_bounds__(256, 1) pair(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB, float *out,
                     int n) {
  __shared__ __align__(128) float A[STAGES][32 * 32], B[STAGES][64 * 32];
  const unsigned rank = tirx_cluster_rank();
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_cluster_event_init(full, STAGES, 1); uint32_t __tirx_phase_1_full = 0u; __shared__ uint64_t empty[STAGES]; tirx_cluster_event_init(empty, STAGES, 4u * tirx_cluster_fanin(TIRX_FANIN_ALL)); uint32_t __tirx_phase_0_empty = ~0u; tirx_cluster_exit_t __tirx_cluster_exit_full;
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_cluster_event_wait(empty, __tirx_phase_0_empty, s);
      tirx_event_arrive_bytes(&full[s], sizeof A[0] + sizeof B[0], threadIdx.x == 0);
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(A[s], &mapA, blockIdx.x * 32, k * 32, &full[s]);
        tirx_tma_load_2d_multicast(B[s] + rank * 32 * 32, &mapB, rank * 32, k * 32, &full[s], 0x3);
      }
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_cluster_event_wait(full, __tirx_phase_1_full, s);
      acc += A[s][threadIdx.x - 128] * B[s][threadIdx.x - 128];
      tirx_cluster_arrive_warp(&empty[s], TIRX_FANIN_ALL);
    }
    out[blockIdx.x * 128 + threadIdx.x - 128] = acc;
  }
}

void run(const CUtensorMap &a, const CUtensorMap &b, float *out, int n) {
{ tirx_launch_t __tirx_launch = tirx_launch_begin_cluster(pair, (4), (256), 0, 0, false, dim3(2, 1, 1));
  if (__tirx_launch.err == cudaSuccess) tirx_launch_cluster(__tirx_launch, pair)(a, b, out, n); tirx_launch_end(__tirx_launch, "cluster.cu", 43, 3, "pair", true, true); }
}

// Cluster scope (docs/clusters.md): a 2-block cluster shares B tiles. Each
// block's producer copies its own A tile and half of the B tile, multicast to
// both blocks; `full` is a cluster event so that its barriers are initialized
// and published to the cluster before any block copies into them, and each
// block announces its own bytes. `empty` is released in every block of the
// cluster by the consumers of each (inferred: 4 warps x 2 blocks).
#include "tirx.h"
#include "tirx/tma.h"
#define STAGES 2
__global__ void pair(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB, float *out,
                     int n) {
  __shared__ __align__(128) float A[STAGES][32 * 32], B[STAGES][64 * 32];
  const unsigned rank = tirx_cluster_rank();
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES] cluster, empty[STAGES] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], sizeof A[0] + sizeof B[0]);
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(A[s], &mapA, blockIdx.x * 32, k * 32, &full[s]);
        tirx_tma_load_2d_multicast(B[s] + rank * 32 * 32, &mapB, rank * 32, k * 32, &full[s], 0x3);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(full[s]);
      acc += A[s][threadIdx.x - 128] * B[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[blockIdx.x * 128 + threadIdx.x - 128] = acc;
  }
}

void run(const CUtensorMap &a, const CUtensorMap &b, float *out, int n) {
#pragma tirx launch cluster(2)
  pair<<<4, 256>>>(a, b, out, n);
}

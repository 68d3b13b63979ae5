// An asm store into shared::cluster in a helper of a template kernel with cluster events, never fenced.
#include "tirx.h"
__device__ void put(float *p, int rank, float v) {
  uint32_t a; asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(a) : "r"(tirx_smem_addr(p)), "r"(rank));
  asm volatile("st.shared::cluster.f32 [%0], %1;" ::"r"(a), "f"(v) : "memory");
}
__device__ void put2(float *p, int rank, float v) { put(p, rank, v); }
template <int S>
__global__ void k(float *out, int n) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] cluster, empty[S] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % S]);
      put2(&buf[i % S][threadIdx.x], tirx_cluster_rank() ^ 1, (float)i);
      tirx_trigger(full[i % S]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % S]);
      out[threadIdx.x] += buf[i % S][threadIdx.x - 128];
      tirx_trigger(empty[i % S]);
    }
  }
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<2><<<8, 256>>>(o, n);
}

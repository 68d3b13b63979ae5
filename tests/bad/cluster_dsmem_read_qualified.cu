// Reading the other block's shared memory through a pointer to const is no
// store, however the pointer is declared: __restrict__, or a pointer to an
// array of const (no warning).
#include "tirx.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster, empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    cg::cluster_group cl = cg::this_cluster();
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      const float *__restrict__ peer = cl.map_shared_rank(buf[i % 2], cl.block_rank() ^ 1);
      const float (*rows)[128] = cl.map_shared_rank(&buf[i % 2], cl.block_rank() ^ 1);
      out[0] = peer[threadIdx.x] + (*rows)[threadIdx.x];
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
      out[threadIdx.x] += buf[i % 2][threadIdx.x - 128];
      tirx_trigger(empty[i % 2]);
    }
  }
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(o, n);
}

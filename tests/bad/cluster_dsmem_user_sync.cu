// A store into the other block's shared memory, then sync() of the program's own class: that is
// no cluster barrier, whatever its name, and publishes nothing (a warning, as with no call).
#include "tirx.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct cluster_group_stats {
  __device__ void sync() {}
};
__global__ void k(float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster, empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    cg::cluster_group cl = cg::this_cluster();
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      float *peer = cl.map_shared_rank(buf[i % 2], cl.block_rank() ^ 1);
      peer[threadIdx.x] = (float)i;
      cluster_group_stats stats;
      stats.sync();
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

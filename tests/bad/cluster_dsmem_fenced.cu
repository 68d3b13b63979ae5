// Stores into the other block's shared memory, fenced before the trigger: no warning; and a kernel
// without cluster events that maps: none either; nor one that only reads the other block (a pointer to const),
// nor one that publishes with cluster.sync() (a cluster barrier: release, then acquire; outside the regions,
// where the whole cluster reaches it).
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
      float *peer = cl.map_shared_rank(buf[i % 2], cl.block_rank() ^ 1);
      peer[threadIdx.x] = (float)i;
      tirx_fence_cluster();
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
__global__ void plain(float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2], empty[2] ready
#pragma tirx async(wg == 0)
  {
    cg::cluster_group cl = cg::this_cluster();
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      float *peer = cl.map_shared_rank(buf[i % 2], cl.block_rank() ^ 1);
      peer[threadIdx.x] = (float)i;
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
__global__ void reader(float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster, empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    cg::cluster_group cl = cg::this_cluster();
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      const float *peer = cl.map_shared_rank(buf[i % 2], cl.block_rank() ^ 1);
      out[0] = peer[threadIdx.x];
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
void run2(float *o, int n) {
#pragma tirx launch cluster(2)
  reader<<<8, 256>>>(o, n);
}
__global__ void synced(float *out, int n) {
  __shared__ float buf[2][128];
  cg::cluster_group cl = cg::this_cluster();
  float *peer = cl.map_shared_rank(buf[0], cl.block_rank() ^ 1);
  peer[threadIdx.x % 128] = 1.f;
  cl.sync();  // the whole cluster: outside the regions
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster, empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
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
void run3(float *o, int n) {
#pragma tirx launch cluster(2)
  synced<<<8, 256>>>(o, n);
}

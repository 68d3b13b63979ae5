// Under an 'if' marked '#pragma tirx uniform', triggers lower as they would
// outside it: tirx_trigger_bytes by the region's first thread (an unmarked
// 'if' leaves that to whoever reaches it), and a cluster event's trigger by
// whole warps (tirx_cluster_arrive_warp; one thread each under an unmarked 'if').
#include "tirx.h"
__global__ void bytes(float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      buf[i % 2][threadIdx.x] = (float)i;
#pragma tirx uniform
      if (n > 0) tirx_trigger_bytes(full[i % 2], 0);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
      acc += buf[i % 2][threadIdx.x - 128];
      tirx_trigger(empty[i % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}
__global__ void cluster_done(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done cluster
#pragma tirx async(wg == 0)
  {
#pragma tirx uniform
    if (n > 0) tirx_trigger(done);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(done);
    out[threadIdx.x - 128] = (float)n;
  }
}
void run(float *out, int n) {
#pragma tirx launch cluster(2)
  cluster_done<<<2, 256>>>(out, n);
}

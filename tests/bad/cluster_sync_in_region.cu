// tirx_cluster_sync() inside a region: a cluster barrier that the other
// region's threads never reach.
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    a[threadIdx.x] = 1.f;
    tirx_cluster_sync();
  }
#pragma tirx async(wg == 1)
  {
    a[threadIdx.x] = 0.f;
  }
}

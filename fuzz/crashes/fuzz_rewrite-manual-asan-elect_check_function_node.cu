// --watchdog on cluster events: the message names the event as a cluster
// event and gives the block's rank in its cluster (docs/clusters.md).
#include "tirx.h"
__global__ void k(int *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go cluster, back[2] cluster
#pragma tirx async(wg == 0)
  {
#pragma tirx wait go
    tirx_wait(back[0], 0);
    out[threadIdx.x] = 1;
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 2;
#pragma tirx trigger go
#pragma tirx elect
    tirx_trigger(back[0]);
  }
}

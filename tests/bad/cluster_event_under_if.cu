// The declaration of a cluster event ends in a cluster barrier: the whole
// block (and cluster) must reach it.
#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 2)
  if (threadIdx.x < 128) {
#pragma tirx event go cluster
#pragma tirx async(wg == 0)
    { tirx_wait(go); }
#pragma tirx async(wg == 1)
    { tirx_trigger(go); }
  }
}

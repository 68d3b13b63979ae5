// The bootstrap deadlock on cluster events: counts are per block, and every
// block runs the same program, so the check of one block is the check of all.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster, empty[2] cluster
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
      out[threadIdx.x] += 1.f;
      tirx_trigger(empty[i % 2]);
    }
  }
}

// Cluster events declared inside a persistent loop: every tile
// initializes them again (with a cluster barrier), while the other blocks of
// the cluster may already arrive on them.
#include "tirx.h"
__global__ void k(float *out, int tiles) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx persistent(tile: tiles)
  {
#pragma tirx event full[2] cluster, empty[2] cluster ready
#pragma tirx async(wg == 0)
    {
      for (int i = 0; i < 4; ++i) {
        tirx_wait(empty[i % 2]);
        tirx_trigger(full[i % 2]);
      }
    }
#pragma tirx async(wg == 1)
    {
      for (int i = 0; i < 4; ++i) {
        tirx_wait(full[i % 2]);
        out[tile * 128 + threadIdx.x % 128] += 1.f;
        tirx_trigger(empty[i % 2]);
      }
    }
  }
}

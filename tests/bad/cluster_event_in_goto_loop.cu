// A cluster event in a walk over tiles written with a goto back: the blocks
// of a cluster take different numbers of passes, and each pass meets the
// cluster's barriers.
#include "tirx.h"
__global__ void k(float *out, int tiles) {
#pragma tirx warpgroups(wg: 2)
  int tile = blockIdx.x;
again:
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
  tile += gridDim.x;
  if (tile < tiles) goto again;
}
void run(float *out, int tiles) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(out, tiles);
}

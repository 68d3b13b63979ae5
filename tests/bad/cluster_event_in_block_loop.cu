// A cluster event in a hand-written walk over tiles: a block of the cluster
// with fewer tiles leaves the loop while the others wait at its barriers.
#include "tirx.h"
__global__ void k(float *out, int tiles) {
#pragma tirx warpgroups(wg: 2)
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
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
void run(float *out, int tiles) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(out, tiles);
}

// Per tile of a persistent loop: the consumer starts its key loop at 1 with no
// step before it, one step short of the producer's in every tile; the next
// tile's first wait then passes on this tile's last step.
#include "tirx.h"
__global__ void tiles(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        tirx_wait(empty[it % 2]);
        buf[it % 2][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[it % 2]);
        ++it;
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 1; k < nk; ++k) {
        tirx_wait(full[it % 2]);
        acc += buf[it % 2][threadIdx.x - 128];
        tirx_trigger(empty[it % 2]);
        ++it;
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

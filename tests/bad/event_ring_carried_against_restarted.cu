// A ring position carried across the tiles of a persistent loop in the
// producer (`s = (it + k) % 2`, `it += nk` after the loop) and started over
// every tile in the consumer (`k % 2`): both count nk steps a tile, but once
// nk is odd the second tile's slots are filled in one order and read in
// another.
#include "tirx.h"
__global__ void carried_against_restarted(const float *in, float *out, int tiles, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;  // k-steps loaded so far
#pragma tirx persistent(tile: tiles)
    {
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
      it += nk;
    }
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        tirx_wait(full[k % 2]);
        acc += buf[k % 2][threadIdx.x - 128];
        tirx_trigger(empty[k % 2]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

// The producer walks its tiles in a persistent loop, the consumer the same
// tiles in a loop written by hand, one k-step short in every tile.
#include "tirx.h"
__global__ void k(const float *in, float *out, int nk, int tiles) {
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
    int it = 0;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      float acc = 0.f;
      for (int k = 0; k < nk - 1; ++k) {
        const int s = (it + k) % 2;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
      }
      it += nk - 1;
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

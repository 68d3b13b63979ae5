// The producer walks its tiles in a persistent loop, the consumer runs its
// loop once: with a second tile in a block, the producer waits for slots
// that the consumer never hands back.
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
    float acc = 0.f;
    for (int k = 0; k < nk; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// A ring position stepped beside the k-tile ('++kt, ++it', a persistent
// GEMM's mainloop), the consumer one k-tile short in every tile.
#include "tirx.h"
__global__ void k(const float *in, float *out, int ktiles, int tiles) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[(tile * ktiles + kt) * 128 + threadIdx.x];
        tirx_trigger(full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int kt = 0; kt < ktiles - 1; ++kt, ++it) {
        const int s = it % 2;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

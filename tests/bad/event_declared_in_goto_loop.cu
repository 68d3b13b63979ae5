// A walk over tiles written with a goto back: the event declared inside it is
// initialized again each pass while the consumer may still wait on it from
// the pass before, as in a for loop.
#include "tirx.h"
constexpr int S = 2;
__global__ void k(const float *in, float *out, int tiles, int steps) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event empty[S] ready
  int tile = blockIdx.x;
next_tile:
  {
#pragma tirx event full[S]
#pragma tirx async(wg == 0)
    {
      for (int i = 0; i < steps; ++i) {
        tirx_wait(empty[i % S]);
        buf[i % S][threadIdx.x] = in[(tile * steps + i) * 128 + threadIdx.x];
        tirx_trigger(full[i % S]);
      }
    }
#pragma tirx async(wg == 1)
    {
      float acc = 0.f;
      for (int i = 0; i < steps; ++i) {
        tirx_wait(full[i % S]);
        acc += buf[i % S][threadIdx.x - 128];
        tirx_trigger(empty[i % S]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
  tile += gridDim.x;
  if (tile < tiles) goto next_tile;
}

// A consumer that waits for the next slot before it hands back the previous
// one (a wgmma pipeline's shape): it waits twice in its first tile, which a
// producer with a ready ring of 4 slots serves. Not a deadlock.
#include "tirx.h"

__global__ void lookahead(const float* in, float* out, int tiles, int ktiles) {
  __shared__ float ring[4][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[4]
#pragma tirx event empty[4] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    for (int kt = 0; kt < ktiles; ++kt, ++it) {
      const int s = it % 4;
      tirx_wait(empty[s]);
      ring[s][threadIdx.x] = in[(tile * ktiles + kt) * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      int s = it % 4;
      tirx_wait(full[s]);
      float sum = ring[s][threadIdx.x - 128];
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % 4;
        tirx_wait(full[s]);
        sum += ring[s][threadIdx.x - 128];
        tirx_trigger(empty[prev]);
      }
      tirx_trigger(empty[s]);
      it += ktiles;
      out[tile * 128 + threadIdx.x - 128] = sum;
    }
  }
}

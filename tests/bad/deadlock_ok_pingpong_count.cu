#include "tirx.h"
#define S 4
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready count(128)
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % S]);
      buf[i % S][threadIdx.x] = in[i];
      tirx_trigger_bytes(full[i % S], 512);
    }
  }
#pragma tirx async(wg >= 1)
  {
    for (int i = wg - 1; i < n; i += 2) {  // consumer 1: even tiles, consumer 2: odd tiles
      tirx_wait(full[i % S]);
      out[i] = buf[i % S][threadIdx.x % 128];
      tirx_trigger(empty[i % S]);
    }
  }
}

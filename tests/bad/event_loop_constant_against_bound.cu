// The consumer loops a fixed K_TILES times, the producer over the 'nk' it
// is given: alike only when the launch passes nk == 8.
#include "tirx.h"
#define K_TILES 8
__global__ void k(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < nk; ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[k % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < K_TILES; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// A kernel parameter cut in the consumer only: 'nk' reads alike in both
// loops, but only the consumer's threads give it the smaller value.
#include "tirx.h"
__global__ void k(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
  const int qt = blockIdx.x;
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
    nk = min(nk, qt + 1);
    float acc = 0.f;
    for (int k = 0; k < nk; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[qt * 128 + threadIdx.x - 128] = acc;
  }
}

// The consumer's loop one step short of the producer's (`k < nk - 1` against
// `k < nk`): bounds the deadlock check cannot evaluate, so it runs both loops
// the same few rounds; compared as written, they differ.
#include "tirx.h"
__global__ void short_loop(const float *in, float *out, int nk) {
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
    for (int k = 0; k < nk - 1; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x - 128];
      tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

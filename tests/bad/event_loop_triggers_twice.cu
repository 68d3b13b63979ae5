// The producer streams the input twice (two passes, a slot each step),
// the consumer reads it once: two phases of 'full' for each of its waits.
#include "tirx.h"
__global__ void k(const float *in, float *out, int nk) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int pass = 0; pass < 2; ++pass)
      for (int k = 0; k < nk; ++k) {
        const int s = (pass * nk + k) % 2;
        tirx_wait(empty[s]);
        buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
        tirx_trigger(full[s]);
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

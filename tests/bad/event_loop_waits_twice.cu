// The consumer waits on 'full' twice a step (two halves, one slot each),
// the producer fills one slot a step: twice the waits of the phases.
#include "tirx.h"
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
    for (int k = 0; k < nk; ++k)
      for (int h = 0; h < 2; ++h) {
        const int s = (2 * k + h) % 2;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
      }
    out[threadIdx.x - 128] = acc;
  }
}

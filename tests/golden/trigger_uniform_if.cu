// A slot handed back one step late, under '#pragma tirx uniform': every thread
// of the consumer region takes the same branch, so the trigger under the 'if'
// counts as it would outside it (one arrival per warp under elect: 4), and
// 'empty' needs no count(N) (docs/regions-and-events.md).
#include "tirx.h"
#define STAGES 3
__global__ void late(const float *in, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    int held = -1;  // the slot read last step
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
#pragma tirx uniform
      if (held >= 0) {
#pragma tirx elect
        tirx_trigger(empty[held]);
      }
      held = s;
    }
    out[threadIdx.x - 128] = acc;
  }
}

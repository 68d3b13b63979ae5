// The bootstrap deadlock: neither region can start (docs/language.md#the-deadlock-check).
#include "tirx.h"
#define STAGES 2
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES]
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % STAGES]);
      buf[i % STAGES][threadIdx.x] = in[i];
      tirx_trigger(full[i % STAGES]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % STAGES]);
      out[i] = buf[i % STAGES][threadIdx.x - 128];
      tirx_trigger(empty[i % STAGES]);
    }
  }
}

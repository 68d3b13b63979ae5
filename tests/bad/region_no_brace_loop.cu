// A region that is a loop, not a block: the only error.
#include "tirx.h"
__global__ void k(const float *in, float *out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      buf[i % 2][threadIdx.x] = in[threadIdx.x];
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  for (int i = 0; i < n; ++i) {
    tirx_wait(full[i % 2]);
    out[threadIdx.x - 128] = buf[i % 2][threadIdx.x - 128];
    tirx_trigger(empty[i % 2]);
  }
}

#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  {
    buf[0][threadIdx.x] = in[threadIdx.x];
    do { tirx_trigger(full[0]); } while (0);  // runs once: no second phase
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full[0]);
    tirx_wait(full[1]);   // nothing triggers a second phase: hangs
    out[threadIdx.x] = buf[0][threadIdx.x - 128] + buf[1][threadIdx.x - 128];
  }
}

#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
  tirx_wait(full);  // the whole block waits, the producer too
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_trigger(full);
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = buf[threadIdx.x - 128];
  }
}

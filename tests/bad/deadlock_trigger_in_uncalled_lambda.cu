#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
#pragma tirx async(wg == 0)
  {
    auto produce = [&] {
      buf[threadIdx.x] = in[threadIdx.x];
      tirx_trigger(full);
    };
    (void)produce;  // never called
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full);
    out[threadIdx.x] = buf[threadIdx.x - 128];
  }
}

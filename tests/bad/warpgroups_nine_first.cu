// A partition of 9 warpgroups: the only error (its regions and triggers say
// nothing more).
#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 9)
#pragma tirx event go
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] = in[threadIdx.x] ;
    tirx_trigger(go);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(go);
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
  }
}

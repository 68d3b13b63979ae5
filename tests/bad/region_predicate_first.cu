// A region predicate that is not of the partition index: the only error.
#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go
#pragma tirx async(threadIdx.x < 128)
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

// A typo in a region: clang's error is the only one (no count error about
// the region that could not be read).
#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] = in[threadIdx.x] * scael;
    tirx_trigger(go);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(go);
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
  }
}

// A region without its block: the only error (no deadlock of the code that
// is then outside every region).
#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
#pragma tirx event empty
#pragma tirx async(wg == 0)
  {
    tirx_wait(empty);
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_trigger(full);
  }
#pragma tirx async(wg == 1)
  out[0] = 0.f;
  {
    tirx_trigger(empty);
    tirx_wait(full);
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
  }
}

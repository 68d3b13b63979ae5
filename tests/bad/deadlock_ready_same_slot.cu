#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    tirx_wait(empty[0]);
    buf[0][threadIdx.x] = in[threadIdx.x];
    tirx_trigger(full[0]);
    tirx_wait(empty[0]);   // bug: slot 0 again (meant empty[1])
    buf[0][threadIdx.x] = in[128 + threadIdx.x];
    tirx_trigger(full[0]);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full[0]);
    tirx_wait(full[0]);
    out[threadIdx.x] = buf[0][threadIdx.x - 128];
    tirx_trigger(empty[0]);
    tirx_trigger(empty[0]);
  }
}

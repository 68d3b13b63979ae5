// count(1) while a warpgroup of 128 threads triggers: the phase would complete
// at the first arrival (an error, as a count above the arrivals is).
#include "tirx.h"
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full count(1)
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_trigger(full);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full);
    out[threadIdx.x] = buf[threadIdx.x - 128];
  }
}

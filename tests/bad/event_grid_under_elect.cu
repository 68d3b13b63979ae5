#include "tirx.h"
__global__ void k(float *out, unsigned *counters, int tiles, int splits) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done[tiles] grid(counters) count(splits)
#pragma tirx async(wg == 0)
  {
    out[threadIdx.x] = 1.f;
#pragma tirx elect
    tirx_trigger(done[blockIdx.x % tiles]);
  }
#pragma tirx async(wg == 1)
  {}
}

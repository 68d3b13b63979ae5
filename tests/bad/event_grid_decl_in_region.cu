#include "tirx.h"
__global__ void k(float *x, unsigned *counters) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
#pragma tirx event done[8] grid(counters) count(gridDim.x)
    x[threadIdx.x] = 1.f;
    if (tirx_trigger_last(done[0])) x[0] = 2.f;
  }
#pragma tirx async(wg == 1)
  {}
}

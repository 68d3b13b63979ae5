#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
  if (threadIdx.x >= n) return;
#pragma tirx event done
#pragma tirx async(wg == 0)
  { tirx_trigger(done); }
#pragma tirx async(wg == 1)
  { tirx_wait(done); out[threadIdx.x] = 1.f; }
}

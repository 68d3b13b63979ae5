// __maxnreg__(128) caps every thread at 128 registers.
#include "tirx.h"
__global__ void __maxnreg__(128) k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(40)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg == 1) regs(232)
  { out[threadIdx.x] = 1.f; }
}

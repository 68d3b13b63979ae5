// The kernel's own __launch_bounds__(256, 2) leave a thread 128 registers:
// ptxas refuses a setmaxnreg above that (C7406).
#include "tirx.h"
__global__ void __launch_bounds__(256, 2) k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(40)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg == 1) regs(232)
  { out[threadIdx.x] = 1.f; }
}

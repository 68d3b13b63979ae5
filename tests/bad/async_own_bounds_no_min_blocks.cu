// __launch_bounds__ without a minimum of blocks: ptxas ignores setmaxnreg
// (C7508), so regs() would do nothing: a warning, and the output as usual.
#include "tirx.h"
__global__ void __launch_bounds__(256) k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(40)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg == 1) regs(232)
  { out[threadIdx.x] = 1.f; }
}

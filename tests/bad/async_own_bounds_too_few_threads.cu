// Blocks of at most 128 threads cannot run a partition of 256.
#include "tirx.h"
__global__ void __launch_bounds__(128, 1) k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0) regs(40)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg == 1) regs(232)
  { out[threadIdx.x] = 1.f; }
}

// A region nested in another raises its registers past what the others
// leave: 128 x (40 + 256 + 232) = 67584 > 65536. Warpgroup 1's setmaxnreg.inc
// waits for registers nobody gives back (the kernel hung on an H200), while
// each chain alone fits. The check adds up the largest regs(R) of each index.
#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0) regs(40)
  { out[threadIdx.x] = 1.f; }
#pragma tirx async(wg >= 1) regs(232)
  {
    out[threadIdx.x] = 2.f;
#pragma tirx async(wg == 1) regs(256)
    { out[threadIdx.x] += 1.f; }
  }
}

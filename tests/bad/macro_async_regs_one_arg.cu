// TIRX_ASYNC_REGS without the register count.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_WARPGROUPS(wg, 1)
  TIRX_ASYNC_REGS(wg == 0)
  { a[0] = 0.f; }
}

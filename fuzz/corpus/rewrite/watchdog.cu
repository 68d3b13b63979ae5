// --watchdog: every wait gives up after the given cycles, says where, traps.
#include "tirx.h"
__global__ void k(int *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go
#pragma tirx async(wg == 0)
  {
#pragma tirx wait go
    out[threadIdx.x] = 1;
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 2;
#pragma tirx trigger go
  }
}

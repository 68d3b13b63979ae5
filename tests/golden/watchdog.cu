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

// An explicit-parity wait: its slot expression (with a side effect) is
// evaluated once; the message's slot comes from the address.
__global__ void ring(int *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event single count(128)
#pragma tirx async(wg == 0)
  {
    int r = 0;
    for (int k = 0; k < n; ++k) {
      tirx_wait(full[r++ % 2], (k / 2) & 1);
      out[threadIdx.x] += k;
    }
    tirx_wait(single, 0);
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) tirx_trigger(full[k % 2]);
    tirx_trigger(single);
  }
}

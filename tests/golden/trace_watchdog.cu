// --trace with --watchdog: one hook per wait and trigger (tirx/hook.h) takes
// the region's recorder and the watchdog's table at that operation.
#include "tirx.h"
__global__ void ring(int *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event go
#pragma tirx async(wg == 0)
  {
    int r = 0;
    for (int k = 0; k < n; ++k) {
      tirx_wait(full[r++ % 2], (k / 2) & 1);
      out[threadIdx.x] += k;
    }
#pragma tirx wait go
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) tirx_trigger(full[k % 2]);
    tirx_trigger(go);
  }
}

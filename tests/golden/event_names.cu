// Events 'x' and 'x_1' keep their phase bits apart: the region index comes
// first in the generated name (__tirx_phase_1_x), which no event name can.
#include "tirx.h"
__global__ void names(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event x
#pragma tirx event x_1 count(128)
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      out[threadIdx.x] += k;
      tirx_trigger(x);
      tirx_wait(x_1);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) {
      tirx_wait(x);
      tirx_trigger(x_1);
    }
  }
}

// A trigger on the right of '&&' runs only where the left side holds (one
// thread here), as under an 'if': it needs count(N). It was counted as a
// trigger of all 128 threads of the region, and the wait never returned.
#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done
#pragma tirx async(wg == 0)
  {
    tirx_wait(done);
    out[threadIdx.x] = out[128 + threadIdx.x];
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 2.f;
    tirx_region_sync();
    (void)(threadIdx.x == 128 && (tirx_trigger(done), true));
  }
}

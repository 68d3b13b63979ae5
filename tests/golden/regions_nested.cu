// A region nested in another runs for the indices of both: the trigger in
// 'wg == 1 || wg == 2' inside 'wg <= 1' comes from wg 1 alone, so 'go' counts
// 128 arrivals (not 256: the consumer would wait forever), and the region after
// the outer one continues its chain ('else if') with no coverage warning.
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx event go
#pragma tirx async(wg <= 1)
  {
#pragma tirx async(wg == 1 || wg == 2)
    { tirx_trigger(go); }
    a[threadIdx.x] = 1.f;
  }
#pragma tirx async(wg == 2)
  { tirx_wait(go); a[threadIdx.x] = 2.f; }
}

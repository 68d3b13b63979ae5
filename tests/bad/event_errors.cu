// Event errors: an undeclared event, a wait nothing triggers, counts that
// cannot be inferred, an event declared inside a region, too many slots.
#include "tirx.h"
__global__ void k(float *a, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event lonely
#pragma tirx event iffy[2]
#pragma tirx event mixed[2]
#pragma tirx event huge[65]
#pragma tirx async(wg == 0)
  {
    tirx_trigger(nosuch[0]);
#pragma tirx wait lonely
    tirx_wait(iffy[0]);
    tirx_wait(mixed[0]);
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx event inner
    if (a[0] > 0.f) tirx_trigger(iffy[0]);
    tirx_trigger(mixed[0]);
#pragma tirx elect
    tirx_trigger(mixed[1]);
    tirx_trigger(huge[0]);
  }
}

#include "tirx.h"
__global__ void k(unsigned *counters) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  { tirx_trigger(full[0]); }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full[0]);
    if (tirx_trigger_last(full[1])) counters[0] = 1;
  }
}

#include "tirx.h"
// A block event named like the grid event declared before it, in an inner block.
__global__ void k(unsigned *counters, int tiles, int splits) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done[tiles] grid(counters) count(splits)
  {
#pragma tirx event done[2]
#pragma tirx async(wg == 0)
    { tirx_trigger(done[0]); }
#pragma tirx async(wg == 1)
    { tirx_wait(done[0]); }
  }
}

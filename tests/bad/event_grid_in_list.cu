#include "tirx.h"
__global__ void k(unsigned *counters, int tiles, int splits) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2], done[tiles] grid(counters) count(splits)
#pragma tirx async(wg == 0)
  { tirx_trigger(full[0]); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[0]); }
}

#include "tirx.h"
__global__ void k(unsigned *counters, int tiles, int splits) {
#pragma tirx event done[tiles] grid count(splits)
  if (tirx_trigger_last(done[blockIdx.x % tiles])) counters[tiles] = 1;
}

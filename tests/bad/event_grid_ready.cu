#include "tirx.h"
__global__ void k(unsigned *counters, int tiles, int splits) {
#pragma tirx event done[tiles] grid(counters) count(splits) ready
  if (tirx_trigger_last(done[blockIdx.x % tiles])) counters[tiles] = 1;
}

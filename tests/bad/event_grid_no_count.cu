#include "tirx.h"
__global__ void k(unsigned *counters, int tiles) {
#pragma tirx event done[tiles] grid(counters)
  if (tirx_trigger_last(done[blockIdx.x % tiles])) counters[tiles] = 1;
}

#include "tirx.h"
__global__ void k(unsigned *counters, int tiles, int splits) {
#pragma tirx event done[tiles] grid(counters) count(splits)
  tirx_trigger_bytes(done[blockIdx.x % tiles], 128);
}

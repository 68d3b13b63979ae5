#include "tirx.h"
__global__ void k(float *out, unsigned *counters, int tiles, int splits) {
#pragma tirx event done[tiles] grid(counters) count(splits)
  const int tile = blockIdx.x / splits;
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1.f;
#pragma tirx uniform
  if (blockIdx.x % splits == 0) {
#pragma tirx trigger done[tile]
  } else if (tirx_trigger_last(done[tile])) {
    out[0] = 2.f;
  }
}

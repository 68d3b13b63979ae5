#include "tirx.h"
__global__ void k(float *out, unsigned *counters, int tiles, int splits) {
#pragma tirx event done[tiles] grid(counters) count(splits)
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1.f;
  if (out[threadIdx.x] > 0.f && tirx_trigger_last(done[blockIdx.x % tiles])) out[0] = 2.f;
}

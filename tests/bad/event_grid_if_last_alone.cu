#include "tirx.h"
__global__ void reduce(const float *in, float *part, float *out, unsigned *counters, int splits) {
#pragma tirx event done[gridDim.x / splits] grid(counters) count(splits)
  const int tile = blockIdx.x / splits;
  part[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  if (tirx_trigger_if_last(done[tile])) {
    float s = 0;
    for (int p = 0; p < splits; ++p) s += part[(tile * splits + p) * 128 + threadIdx.x];
    out[tile * 128 + threadIdx.x] = s;
  }
}

#include "tirx.h"
__global__ void k(const float *in, float *part, float *out, unsigned *counters, int n, int splits) {
#pragma tirx event done[64] grid(counters) count(splits)
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;  // tail threads of the last block leave
  part[i] = in[i];
  if (tirx_trigger_last(done[blockIdx.x / splits])) out[i] = 2.f;
}

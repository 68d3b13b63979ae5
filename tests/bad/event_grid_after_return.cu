#include "tirx.h"
__global__ void k(const float *in, float *part, float *out, unsigned *counters, int n, int splits) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done[64] grid(counters) count(splits)
#pragma tirx async(wg == 0)
  {
    const int i = blockIdx.x * 128 + threadIdx.x;
    if (i >= n) return;  // the tail threads of the last block leave
    part[i] = in[i];
    if (tirx_trigger_last(done[blockIdx.x / splits])) out[i] = 2.f;
  }
#pragma tirx async(wg == 1)
  {}
}

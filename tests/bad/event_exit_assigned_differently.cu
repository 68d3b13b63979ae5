// Both regions stop at kend, but the consumer computes it one block further
#include "tirx.h"
#define STAGES 2

__global__ void pipe(const float *in, const int *skip, float *out, int n, bool causal) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready

#pragma tirx async(wg == 0)
  {
    int kend = n;
    if (causal) kend = blockIdx.x + 1;
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (k >= kend) break;
      int s = it++ % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    int kend = n;
    if (causal) kend = blockIdx.x + 2;
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (k >= kend) break;
      int s = it++ % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

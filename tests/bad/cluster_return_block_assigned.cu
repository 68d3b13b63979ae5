// A return before a cluster event's declaration under a condition on the block, through a local
// assigned from blockIdx after its declaration (before: only initializers were followed; no warning).
#include "tirx.h"
__global__ void k(float *out, int n) {
  unsigned last;
  last = blockIdx.x == gridDim.x - 1;
  if (last) return;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2] cluster, f[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(f[i % 2]); tirx_trigger(e[i % 2]); }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(e[i % 2]); out[threadIdx.x] += 1.f; tirx_trigger(f[i % 2]); }
  }
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(o, n);
}

// Event operations in a lambda written outside the regions and called from one region: they are that
// region's (4 warps), not the whole block's (before: a false deadlock error, and counts of 8 warps).
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2] cluster, f[2] ready cluster
  auto produce = [&](int i) { tirx_wait(f[i % 2]); tirx_trigger(e[i % 2]); };
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) produce(i);
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

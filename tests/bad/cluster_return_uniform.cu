// Returns before cluster events that every block of a cluster takes alike: a condition on no block,
// and one on the block that '#pragma tirx uniform' says is the same for the cluster (no warning).
#include "tirx.h"
__global__ void k(float *out, int n) {
  if (n == 0) return;
#pragma tirx uniform
  if (blockIdx.x / 2 * 256 >= n) return;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2] cluster, f[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(f[i % 2]); tirx_trigger(e[i % 2]); }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(e[i % 2]); out[threadIdx.x] += 1.f; tirx_trigger(f[i % 2]); }
    if (out[0] > 3.f) return;
    out[1] = 2.f;
  }
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(o, n);
}

// A goto past a cluster event's declaration to a label in its scope: the lowering's variables there
// (phase bits, the exit barrier's object) would be jumped over, and nvcc rejected the output.
#include "tirx.h"
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
  if (n < 0) goto end;
#pragma tirx event e[2] cluster, f[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(f[i % 2]); tirx_trigger(e[i % 2]); }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) { tirx_wait(e[i % 2]); out[threadIdx.x] += 1.f; tirx_trigger(f[i % 2]); }
  }
end:
  out[3] = 0.f;
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(o, n);
}

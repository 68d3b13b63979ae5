// A return before a cluster event's declaration under a condition on the block, through a local
// assigned from blockIdx after its declaration (before: only initializers were followed; no warning).
#include "tirx.h"
__global__ void k(float *out, int n) {
  unsigned last;
  last = blockIdx.x == gridDim.x - 1;
  if (last) return;
#pragma tirx event e count(1) cluster
  if (threadIdx.x == 0) tirx_trigger(e);
  tirx_wait(e);
  out[threadIdx.x] = n;
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(o, n);
}

// A return before a cluster event's declaration under a condition on the block's
// position in its cluster (tirx_cluster_ctaid_x, ptx.h): as with blockIdx, a block
// that takes it leaves the cluster's barriers unmatched (before: no warning).
#include "tirx.h"
__global__ void k(float *out, int n) {
  const bool second = tirx_cluster_ctaid_x() == 1;
  if (second) return;
#pragma tirx event e count(1) cluster
  if (threadIdx.x == 0) tirx_trigger(e);
  tirx_wait(e);
  out[threadIdx.x] = n;
}
void run(float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(o, n);
}

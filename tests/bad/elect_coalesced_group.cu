// cuda-samples' warpAggregatedAtomicsCG, with `if (active.thread_rank() == 0)`
// replaced by elect: the helper runs for the lanes that passed `src[i] > 0`,
// a coalesced group, and elect.sync needs all 32 lanes (trial 2, problem B).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int res = 0;
#pragma tirx elect
  {
    res = atomicAdd(counter, active.size());
  }
  res = active.shfl(res, 0);
  return res + active.thread_rank();
}

__global__ void filter_arr(int *dst, int *nres, const int *src, int n) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  for (int i = id; i < n; i += gridDim.x * blockDim.x) {
    if (src[i] > 0) dst[atomicAggInc(nres)] = src[i];
  }
}

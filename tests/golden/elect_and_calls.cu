// elect, the sync calls and tirx_thread_return.
#include "tirx.h"

__global__ void ops(float *A, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tirx_cta_sync();  // before the return: every thread of the block reaches it
  tirx_warp_sync();
  tirx_warpgroup_sync(1);
  if (i >= n) tirx_thread_return();
#pragma tirx elect
  atomicAdd(&count[threadIdx.x / 32], 1);
  TIRX_ELECT { A[i / 32] += 1.f; }  // one element per warp: the same in every lane
  if (tirx_elect_sync()) A[i / 32] *= 2.f;
}

#line 1 "elect_and_calls.cu"
// elect, the sync calls and tirx_thread_return.
#include "tirx.h"

__global__ void ops(float *A, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __syncthreads();  // before the return: every thread of the block reaches it
  __syncwarp();
  tirx_bar_sync(1, 128);
  if (i >= n) return;
if (tirx_elect_one_sync())
  atomicAdd(&count[threadIdx.x / 32], 1);
  if (tirx_elect_one_sync()) { A[i / 32] += 1.f; }  // one element per warp: the same in every lane
  if (tirx_elect_one_sync()) A[i / 32] *= 2.f;
}

// Block barriers that part of the block never reaches; '#pragma tirx uniform'
// says a condition is the same for the whole block.
#include "tirx.h"
__global__ void k(float *a, int n) {
  int tx = threadIdx.x;
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    a[tx] = 1.f;
    __syncthreads();
  }
#pragma tirx async(wg == 1)
  {
    a[tx] = 2.f;
    tirx_region_sync();
  }
  if (tx < 32) tirx_cta_sync();
#pragma tirx elect
  __syncthreads();
  if (n > 4) __syncthreads();
#pragma tirx uniform
  if (blockDim.x + tx * 0 > 64) __syncthreads();
}
__global__ void divergent_event(float *a) {
#pragma tirx warpgroups(wg: 2)
  if (threadIdx.x < 128) {
#pragma tirx event e
    a[0] = 0.f;
  }
}

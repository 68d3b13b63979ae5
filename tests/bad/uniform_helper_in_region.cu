#include "tirx.h"
__device__ void stage(float *s) { s[threadIdx.x] = 0; __syncthreads(); }
__global__ void k(float *out) {
  __shared__ float s[256];
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    stage(s);
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = s[threadIdx.x];
  }
}

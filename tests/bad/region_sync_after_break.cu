// A break that only some threads of the region take, then tirx_region_sync()
// later in the loop: the threads that left never reach it again.
#include "tirx.h"
__global__ void k(float *out, const float *in, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { out[threadIdx.x] = 0.f; }
#pragma tirx async(wg == 1)
  {
    __shared__ float partial[128];
    for (int i = 0; i < n; ++i) {
      float v = in[i * 128 + threadIdx.x - 128];
      if (v < 0.f) break;
      partial[threadIdx.x - 128] = v;
      tirx_region_sync();
      out[threadIdx.x] += partial[255 - threadIdx.x];
    }
  }
}

#include "tirx.h"
__global__ void k(float *out) {
  __shared__ float s[256];
  auto stage = [&] { s[threadIdx.x] = 0; tirx_cta_sync(); };
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    stage();
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = s[threadIdx.x];
  }
}

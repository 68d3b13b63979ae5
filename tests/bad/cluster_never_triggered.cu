#include "tirx.h"
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go cluster
#pragma tirx async(wg == 0)
  {
    tirx_wait(go);
    out[threadIdx.x] = 1.f;
  }
#pragma tirx async(wg == 1)
  { out[threadIdx.x] = 2.f; }
}

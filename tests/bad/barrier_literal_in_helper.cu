// A helper's literal named-barrier id is not handed out again: warpgroup 1's
// epilogue takes barrier 1, so tirx_region_sync() gets 2.
#include "tirx.h"
__device__ void epilogue(float *out) {
  tirx_warpgroup_sync(1);
  out[threadIdx.x] = 0.f;
}
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    tirx_region_sync();
    if (wg == 1) epilogue(out);
  }
}

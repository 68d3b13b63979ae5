// A named barrier whose id a helper computes: tirx_region_sync() is given an id
// tirx-pp picks, and the helper's (wg: 1 or 2) may be that one. The template
// helpers the kernel calls are read too (an unresolved call: its candidates).
#include "tirx.h"
template <int N>
__device__ void epilogue_t(float *out, int id) {
  tirx_bar_sync(id, 128);
  out[threadIdx.x] = N;
}
template <int N>
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  { out[0] = 0.f; }
#pragma tirx async(wg >= 1)
  {
    tirx_region_sync();
    epilogue_t<N>(out, wg);
  }
}
template __global__ void k<1>(float *, int);

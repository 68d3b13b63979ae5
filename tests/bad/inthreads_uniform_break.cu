// Even a condition every thread of the region agrees on: the other region's
// threads never take the 'break', and meet at a barrier the first region's
// threads left.
#include "tirx.h"
__global__ void k(float *data, const int *stop, int n) {
  __shared__ float tile[256];
#pragma tirx warpgroups(wg: 2)
  for (int it = 0; it < n; ++it) {
#pragma tirx inthreads(wg == 0)
    {
      if (stop[it]) break;
      tile[threadIdx.x] = data[it * 128 + threadIdx.x];
    }
#pragma tirx inthreads(wg == 1)
    {
      data[it * 128 + threadIdx.x - 128] = tile[threadIdx.x - 128] * 2.f;
    }
  }
}

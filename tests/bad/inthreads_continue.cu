// A thread that skips the rest of an inthreads region's loop iteration with
// `continue` skips the block barrier tirx-pp puts after the region, and the
// block's barriers pair up wrongly.
#include "tirx.h"
__global__ void k(float *data, int n) {
  __shared__ float tile[256];
#pragma tirx warpgroups(wg: 2)
  for (int it = 0; it < n; ++it) {
#pragma tirx inthreads(wg == 0)
    {
      if (data[threadIdx.x] < 0.f) continue;
      tile[threadIdx.x] = data[it * 128 + threadIdx.x];
    }
#pragma tirx inthreads(wg == 1)
    {
      data[it * 128 + threadIdx.x - 128] = tile[threadIdx.x - 128] * 2.f;
    }
  }
}

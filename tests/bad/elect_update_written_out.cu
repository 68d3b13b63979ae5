// The update of elect_update_per_warp written out: `total[b] = total[b] + sum`
// reads, changes and writes one place as `+=` does, once in each warp.
#include "tirx.h"
__global__ void tile_totals(const float *in, float *total, int n) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  {
    if (threadIdx.x == 0) total[blockIdx.x] = 0.f;
  }
#pragma tirx async(wg >= 1)
  {
    float sum = 0.f;
    for (int i = threadIdx.x - 128; i < n; i += 256) sum += in[blockIdx.x * n + i];
    sum = __reduce_add_sync(0xffffffffu, (unsigned)sum);
#pragma tirx elect
    total[blockIdx.x] = total[ blockIdx.x ] + sum;
  }
}

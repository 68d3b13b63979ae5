// Consumers adding their tile's total into one place: `if (threadIdx.x == 128)`
// replaced by elect lets each of the eight consumer warps read, add and write
// the same element at once, and the additions race.
#include "tirx.h"
__global__ void tile_totals(const float *in, float *total, int n) {
  __shared__ float partial[2];
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  {
    if (threadIdx.x == 0) partial[0] = partial[1] = 0.f;
  }
#pragma tirx async(wg >= 1)
  {
    float sum = 0.f;
    for (int i = threadIdx.x - 128; i < n; i += 256) sum += in[blockIdx.x * n + i];
    sum = __reduce_add_sync(0xffffffffu, (unsigned)sum);
#pragma tirx elect
    total[blockIdx.x] += sum;
  }
}

// elect where one warp reaches it, or where each warp's lane does its own
// warp's work: none of these is a copy or an update done once per warp by
// mistake.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void per_warp(const __grid_constant__ CUtensorMap map, int *total, float *mean) {
  __shared__ __align__(128) float buf[4][32 * 32];
#pragma tirx warps(w: 5)
#pragma tirx event full[4]
#pragma tirx async(w == 0)
  {
    // One producer warp: its elected lane copies each consumer warp's rows.
    for (int s = 0; s < 4; ++s) {
      tirx_trigger_bytes(full[s], sizeof(buf[0]));
#pragma tirx elect
      tirx_tma_load_2d(buf[s], &map, 0, s * 32, &full[s]);
    }
  }
#pragma tirx async(w >= 1)
  {
    const int lane = threadIdx.x % 32;
    tirx_wait(full[w - 1], 0);
    const int sum = __reduce_add_sync(0xffffffffu, (int)buf[w - 1][lane]);  // the same in every lane
    if (w == 1) {  // one warp reaches this: the first consumer warp
#pragma tirx elect
      total[blockIdx.x] += sum;
    }
#pragma tirx elect
    total[gridDim.x + blockIdx.x * 4 + (w - 1)] += sum;  // each warp's own element
#pragma tirx elect
    mean[blockIdx.x] = 0.5f;  // the same value from every warp
  }
}

#line 1 "elect_per_warp_ok.cu"
// elect where one warp reaches it, or where each warp's lane does its own
// warp's work: none of these is a copy or an update done once per warp by
// mistake.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void __launch_bounds__(160, 1) per_warp(const __grid_constant__ CUtensorMap map, int *total, float *mean) {
  __shared__ __align__(128) float buf[4][32 * 32];
const int w = tirx_warp_index();
__shared__ uint64_t full[4]; tirx_event_init(full, 4, 1);
if (w == 0)
  {
    // One producer warp: its elected lane copies each consumer warp's rows.
    for (int s = 0; s < 4; ++s) {
      tirx_event_arrive_bytes(&full[s], sizeof(buf[0]), threadIdx.x == 0);
if (tirx_elect_one_sync())
      tirx_tma_load_2d(buf[s], &map, 0, s * 32, &full[s]);
    }
  }
else if (w >= 1)
  {
    const int lane = threadIdx.x % 32;
    tirx_mbar_wait_parity(&full[w - 1], 0);
    const int sum = __reduce_add_sync(0xffffffffu, (int)buf[w - 1][lane]);  // the same in every lane
    if (w == 1) {  // one warp reaches this: the first consumer warp
if (tirx_elect_one_sync())
      total[blockIdx.x] += sum;
    }
if (tirx_elect_one_sync())
    total[gridDim.x + blockIdx.x * 4 + (w - 1)] += sum;  // each warp's own element
if (tirx_elect_one_sync())
    mean[blockIdx.x] = 0.5f;  // the same value from every warp
  }
}

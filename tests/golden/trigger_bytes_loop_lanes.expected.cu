#line 1 "trigger_bytes_loop_lanes.cu"
// Each half of a slot copied by its own thread: thread h in round h of a loop
// over the halves, with the count the two arrivals make (count(2)). tirx-pp
// evaluates the condition in each round of the loop, its counter known there.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void __launch_bounds__(256, 1) k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, (2)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      for (int h = 0; h < 2; ++h)
        if (threadIdx.x == h) {
          tirx_event_arrive_bytes(&full[s], 256, true);
          tirx_tma_load_2d(as[s] + h * 64, map, i, h * 64, &full[s]);
        }
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

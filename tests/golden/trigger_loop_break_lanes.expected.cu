#line 1 "trigger_loop_break_lanes.cu"
// Lane h of each of the producer's four warps arrives in round h of a loop
// that a condition of the round ends after three rounds (if (h == 3) break;):
// twelve arrivals a phase, count(12). The break is the same for all of the
// index's threads, so the deadlock check's walk takes it and the count of
// each round stands.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2

__global__ void __launch_bounds__(256, 1) k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, (12)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      for (int h = 0; h < 8; ++h) {
        if (h == 3) break;
        if (threadIdx.x % 32 == h) {
          tirx_event_arrive_bytes(&full[s], 512, true);
          tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
        }
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

#line 1 "regions_events.cu"
// 1 producer + 1 consumer warpgroup over a 2-stage ring: regions, events with
// inferred arrival counts, automatic phases, a ready event, region sync.
#include "tirx.h"
#define STAGES 2
__global__ void __launch_bounds__(256, 1) pipe(const float *in, float *out, int n) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>();
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  { tirx_setmaxnreg_dec<232>();
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
    tirx_bar_sync(1, 128);
  }
}

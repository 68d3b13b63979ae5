#line 1 "trigger_uniform_if.cu"
// A slot handed back one step late, under '#pragma tirx uniform': every thread
// of the consumer region takes the same branch, so the trigger under the 'if'
// counts as it would outside it (one arrival per warp under elect: 4), and
// 'empty' needs no count(N) (docs/regions-and-events.md).
#include "tirx.h"
#define STAGES 3
__global__ void __launch_bounds__(256, 1) late(const float *in, float *out, int n) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 4); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    int held = -1;  // the slot read last step
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];

      if (held >= 0) {
if (tirx_elect_one_sync())
        tirx_mbar_arrive(&empty[held]);
      }
      held = s;
    }
    out[threadIdx.x - 128] = acc;
  }
}

#line 1 "trigger_lambda_conditions.cu"
// Byte triggers in lambdas, each called once: under a condition on the
// lambda's parameter (bound to the call's argument: thread 0), and under a
// condition around the call (thread 32). One thread arrives on each event a
// phase, as count(1) says: tirx-pp follows each lambda to its call.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void __launch_bounds__(256, 1) k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
  alignas(128) __shared__ float bs[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, (1)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t half[S]; tirx_event_init(half, S, (1)); uint32_t __tirx_phase_1_half = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      auto load = [&](unsigned who) {
        if (threadIdx.x == who) {
          tirx_event_arrive_bytes(&full[s], 512, true);
          tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
        }
      };
      load(0);
      auto load_b = [&] {
        tirx_event_arrive_bytes(&half[s], 512, true);
        tirx_tma_load_2d(bs[s], map, i, 128, &half[s]);
      };
      if (threadIdx.x == 32) load_b();
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      tirx_event_wait(half, __tirx_phase_1_half, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128] + bs[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

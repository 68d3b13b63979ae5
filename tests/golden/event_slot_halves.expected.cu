#line 1 "event_slot_halves.cu"
// A producer that waits for each half of a slot to be free and announces each
// half's copy on the slot's one 'full' barrier, with count(2): both halves'
// triggers make one phase (without it, tirx-pp would infer one arrival and
// report the second phase: tests/bad/event_slot_halves.cu).
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(float *out, const float *in, int n) {
  __shared__ float buf[2][2][64];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, (2)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[4]; tirx_event_init(empty, 4, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      const int s = kt % 2;
      for (int h = 0; h < 2; ++h) {
        tirx_event_wait(empty, __tirx_phase_0_empty, 2 * s + h);
        tirx_event_arrive_bytes(&full[s], 256, threadIdx.x == 0);
        if (threadIdx.x == 0) buf[s][h][0] = in[kt];
      }
    }
  }
else if (wg == 1)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      const int s = kt % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][0][threadIdx.x % 64] + buf[s][1][threadIdx.x % 64];
      tirx_mbar_arrive(&empty[2 * s]);
      tirx_mbar_arrive(&empty[2 * s + 1]);
    }
    out[threadIdx.x] = acc;
  }
}

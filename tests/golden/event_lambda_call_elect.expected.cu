#line 1 "event_lambda_call_elect.cu"
// A trigger in a lambda runs where the lambda is called: here under elect,
// so it arrives once per warp, and the event counts 4 arrivals a phase (the
// consumer's four warps), as for a trigger written under the elect itself.
// Counted where the lambda is written, the event waited for 128 and the
// producer hung on its first reuse of a slot.
#include "tirx.h"
constexpr int S = 2;
__global__ void __launch_bounds__(256, 1) k(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 4); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % S);
      buf[i % S][threadIdx.x] = in[i * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[i % S]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    auto release = [&](int s) { tirx_mbar_arrive(&empty[s]); };
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % S);
      acc += buf[i % S][threadIdx.x - 128];
      __syncwarp();
if (tirx_elect_one_sync())
      release(i % S);
    }
    out[threadIdx.x - 128] = acc;
  }
}

#line 1 "deadlock_extreme_values.cu"
// The deadlock check runs loops whose counters stand at the ends of long
// long (steps of 2^62 from LLONG_MIN, the last values below LLONG_MAX) and
// evaluates slots from them: its arithmetic never overflows (the sanitizer
// runs of the goldens check that), and this correct ring is accepted. The
// kernel itself stays within range at run time.
#include "tirx.h"
#define S 4
__global__ void __launch_bounds__(256, 1) extremes(float *out) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (long long i = 9223372036854775803LL; i < 9223372036854775807LL; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, (i - 9223372036854775807LL) & (S - 1));
      out[threadIdx.x] += 1.f;
      tirx_mbar_arrive(&full[(i - 9223372036854775807LL) & (S - 1)]);
    }
  }
else if (wg == 1)
  {
    for (long long i = -9223372036854775807LL - 1; i < 4611686018427387904LL; i += 4611686018427387904LL) {
      long long k = i / 4611686018427387904LL + 2;  // 0, 1, 2
      tirx_event_wait(full, __tirx_phase_1_full, (k + 1) % S);
      out[threadIdx.x] += 2.f;
      tirx_mbar_arrive(&empty[(k + 1) % S]);
    }
  }
}

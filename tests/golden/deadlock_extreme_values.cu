// The deadlock check runs loops whose counters stand at the ends of long
// long (steps of 2^62 from LLONG_MIN, the last values below LLONG_MAX) and
// evaluates slots from them: its arithmetic never overflows (the sanitizer
// runs of the goldens check that), and this correct ring is accepted. The
// kernel itself stays within range at run time.
#include "tirx.h"
#define S 4
__global__ void extremes(float *out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S]
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (long long i = 9223372036854775803LL; i < 9223372036854775807LL; ++i) {
      tirx_wait(empty[(i - 9223372036854775807LL) & (S - 1)]);
      out[threadIdx.x] += 1.f;
      tirx_trigger(full[(i - 9223372036854775807LL) & (S - 1)]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (long long i = -9223372036854775807LL - 1; i < 4611686018427387904LL; i += 4611686018427387904LL) {
      long long k = i / 4611686018427387904LL + 2;  // 0, 1, 2
      tirx_wait(full[(k + 1) % S]);
      out[threadIdx.x] += 2.f;
      tirx_trigger(empty[(k + 1) % S]);
    }
  }
}

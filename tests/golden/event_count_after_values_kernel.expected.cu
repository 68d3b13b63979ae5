#line 1 "event_count_after_values_kernel.cu"
// A kernel with values() and, after it, another kernel template whose own
// template parameter is also named D: the first kernel's values are not put
// into the second's annotations (D::kN stays the second's).
#include "tirx.h"
template <int D>
__global__ void __launch_bounds__((D) == (64) ? 256 : 384, 1) a(float *out, int n) { if constexpr ((D) == (64)) {
const int wg = tirx_warpgroup_index(); static_assert((D == 64 ? 2 : 3) == 2, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 2: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_event_wait(&empty, __tirx_phase_0_empty, 0); tirx_mbar_arrive(&full); }
  }
else if (wg >= 1)
  {
    for (int i = 0; i < n; ++i) { tirx_event_wait(&full, __tirx_phase_1_full, 0); tirx_mbar_arrive(&empty); }
  }
#line 6 "event_count_after_values_kernel.cu"
} else if constexpr ((D) == (128)) {
const int wg = tirx_warpgroup_index(); static_assert((D == 64 ? 2 : 3) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_event_wait(&empty, __tirx_phase_0_empty, 0); tirx_mbar_arrive(&full); }
  }
else if (wg >= 1)
  {
    for (int i = 0; i < n; ++i) { tirx_event_wait(&full, __tirx_phase_1_full, 0); tirx_mbar_arrive(&empty); }
  }
} else { static_assert((D) == (64) || (D) == (128), "tirx-pp lowered a for D in {64, 128} (its partition's values()): add this value there"); }}
template __global__ void a<64>(float *, int);

struct Cfg { static constexpr int kN = 256; };
template <class D>
__global__ void __launch_bounds__(256, 1) b(float *out, int n) {
__shared__ uint64_t full; tirx_event_init(&full, 1, (D::kN)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, (D::kN)); uint32_t __tirx_phase_0_empty = ~0u;
const int wg = tirx_warpgroup_index();
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) { tirx_event_wait(&empty, __tirx_phase_0_empty, 0); tirx_mbar_arrive(&full); }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) { tirx_event_wait(&full, __tirx_phase_1_full, 0); tirx_mbar_arrive(&empty); }
  }
}
template __global__ void b<Cfg>(float *, int);

#line 1 "regions_values_forms.cu"
// values() in other forms: a bool parameter whose count is the same for both
// values while regs() differs, a count that names a member D of a traits class
// (left as written) beside the parameter, and an unsigned parameter with
// unsigned values.
#include "tirx.h"

struct Traits {
  static constexpr int D = 2;
};

template <bool WIDE>
__global__ void __launch_bounds__(256, 1) same_count(float *out, int n) { if constexpr ((WIDE) == (false)) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(&empty, __tirx_phase_0_empty, 0);
      tirx_mbar_arrive(&full);
    }
  }
else if (wg == 1)
  { tirx_setmaxnreg_dec<216>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(&full, __tirx_phase_1_full, 0);
      out[threadIdx.x] += WIDE ? 2.f : 1.f;
      tirx_mbar_arrive(&empty);
    }
  }
#line 12 "regions_values_forms.cu"
} else if constexpr ((WIDE) == (true)) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<56>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(&empty, __tirx_phase_0_empty, 0);
      tirx_mbar_arrive(&full);
    }
  }
else if (wg == 1)
  { tirx_setmaxnreg_dec<200>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(&full, __tirx_phase_1_full, 0);
      out[threadIdx.x] += WIDE ? 2.f : 1.f;
      tirx_mbar_arrive(&empty);
    }
  }
} else { static_assert((WIDE) == (false) || (WIDE) == (true), "tirx-pp lowered same_count for WIDE in {false, true} (its partition's values()): add this value there"); }}

template <int D>
__global__ void __launch_bounds__((D) == (64) ? 384 : 512, 1) member(float *out) { if constexpr ((D) == (64)) {
const int wg = tirx_warpgroup_index(); static_assert((Traits::D + D / 64) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
if (wg >= 0)
  { out[threadIdx.x] = D; }
#line 34 "regions_values_forms.cu"
} else if constexpr ((D) == (128)) {
const int wg = tirx_warpgroup_index(); static_assert((Traits::D + D / 64) == 4, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 4: compile its output with the macros tirx-pp was given");
if (wg >= 0)
  { out[threadIdx.x] = D; }
} else { static_assert((D) == (64) || (D) == (128), "tirx-pp lowered member for D in {64, 128} (its partition's values()): add this value there"); }}

template <unsigned W>
__global__ void __launch_bounds__(64, 1) wrap(float *out) { if constexpr ((W) == (64u)) {
const int w = tirx_warp_index(); static_assert((W - 65 > 0 ? 2 : 4) == 2, "tirx-pp lowered this kernel for '#pragma tirx warps' count 2: compile its output with the macros tirx-pp was given");
if (w >= 0)
  { out[threadIdx.x] = W; }
#line 41 "regions_values_forms.cu"
} else if constexpr ((W) == (0x80u)) {
const int w = tirx_warp_index(); static_assert((W - 65 > 0 ? 2 : 4) == 2, "tirx-pp lowered this kernel for '#pragma tirx warps' count 2: compile its output with the macros tirx-pp was given");
if (w >= 0)
  { out[threadIdx.x] = W; }
} else { static_assert((W) == (64u) || (W) == (0x80u), "tirx-pp lowered wrap for W in {64u, 0x80u} (its partition's values()): add this value there"); }}

template __global__ void same_count<false>(float *, int);
template __global__ void same_count<true>(float *, int);
template __global__ void member<64>(float *);
template __global__ void member<128>(float *);
template __global__ void wrap<64u>(float *);
template __global__ void wrap<128u>(float *);

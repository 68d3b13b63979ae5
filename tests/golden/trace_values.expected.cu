#line 1 "trace_values.cu"
// --trace on a kernel lowered once per value of D (values(D: 64, 128)): each
// lowering records its regions, waits and turns, and the kernel registers its
// names once.
#include "tirx.h"

__host__ __device__ constexpr int consumers(int d) { return d == 64 ? 3 : 2; }

template <int D>
__global__ void __launch_bounds__((D) == (64) ? 512 : 384, 1) attn(float *out, const float *in, int n) { if constexpr ((D) == (64)) {
  float scale = 1.f / D;
const int wg = tirx_warpgroup_index(); static_assert((1 + consumers(D)) == 4, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 4: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 384); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>(); tirx_trace_region_t __tirx_trace_0(8, 0, 0, 14, tirx_trace_stage<2>());
    for (int i = 0; i < n; ++i) {
      tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, i % 2, 1, 17);
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[i % 2], 0, 18));
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<160>(); tirx_trace_region_t __tirx_trace_1(8, 1, 128, 21, tirx_trace_stage<2>());
if (wg == 3) tirx_bar_arrive(2, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, i % 2, 0, 26);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg + 1, 256); tirx_trace_turn(__tirx_trace_1, 2, 27);
      {
        acc += in[i * D + threadIdx.x % D] * scale;
      } tirx_bar_arrive(wg == 1 ? 3 : wg == 2 ? 4 : 2, 256); tirx_trace_turn_end(__tirx_trace_1, 2, 27); }
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[i % 2], 1, 31));
    }
    tirx_bar_sync(1, 384);
    out[threadIdx.x] = acc;
  }
#line 9 "trace_values.cu"
} else if constexpr ((D) == (128)) {
  float scale = 1.f / D;
const int wg = tirx_warpgroup_index(); static_assert((1 + consumers(D)) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>(); tirx_trace_region_t __tirx_trace_0(8, 0, 0, 14, tirx_trace_stage<2>());
    for (int i = 0; i < n; ++i) {
      tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, i % 2, 1, 17);
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[i % 2], 0, 18));
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<232>(); tirx_trace_region_t __tirx_trace_1(8, 1, 128, 21, tirx_trace_stage<2>());
if (wg == 2) tirx_bar_arrive(2, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, i % 2, 0, 26);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg + 1, 256); tirx_trace_turn(__tirx_trace_1, 2, 27);
      {
        acc += in[i * D + threadIdx.x % D] * scale;
      } tirx_bar_arrive(wg == 1 ? 3 : 2, 256); tirx_trace_turn_end(__tirx_trace_1, 2, 27); }
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[i % 2], 1, 31));
    }
    tirx_bar_sync(1, 256);
    out[threadIdx.x] = acc;
  }
} else { static_assert((D) == (64) || (D) == (128), "tirx-pp lowered attn for D in {64, 128} (its partition's values()): add this value there"); }} static const int __tirx_trace_kernel_8 = tirx_trace_register(8, "attn", "trace_values.cu", "wg == 0" "\n" "wg >= 1", "full" "\n" "empty" "\n" "mma");

template __global__ void attn<64>(float *, const float *, int);
template __global__ void attn<128>(float *, const float *, int);

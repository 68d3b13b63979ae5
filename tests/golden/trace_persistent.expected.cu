#line 1 "trace_persistent.cu"
// --trace on persistent loops: the body of each traced region's persistent
// loop comes out twice, `{ if (REC.detail()) { RECORDED } else PLAIN }`,
// the first with the hooks (and the iteration's start and end), the second
// as without --trace, so that the iterations not recorded in full cost what
// they cost plain. Here under values(...) with turns (each copy has its own
// turn), a `continue` in the body (the iteration's end still recorded), the
// waits before and after the loop recorded as ever, and a body that declares
// a __shared__ variable, which stays one copy, recorded every iteration.
#include "tirx.h"

template <int NC>
__global__ void __launch_bounds__((NC) == (2) ? 384 : 512, 1) tiles_in_turns(const float *in, float *out, const int *skip, int tiles, int nk) { if constexpr ((NC) == (2)) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index(); static_assert((1 + NC) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 8); uint32_t __tirx_phase_0_empty = ~0u;
__shared__ uint64_t done; tirx_event_init(&done, 1, 8); uint32_t __tirx_phase_0_done = 0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>(); tirx_trace_region_t __tirx_trace_0(11, 0, 0, 18, tirx_trace_stage<2>());
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_0.detail(21, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, s, 1, 26);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[s], 0, 28));
      }
      it += nk;
    } else 
#line 22 "trace_persistent.cu"
    {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
      it += nk;
    } }
    tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &done, __tirx_phase_0_done, 0, 2, 32);
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<240>(); tirx_trace_region_t __tirx_trace_1(11, 1, 128, 34, tirx_trace_stage<2>());
    int it = 0;
if (wg == 2) tirx_bar_arrive(1, 256);
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(38, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, s, 0, 44);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg, 256); tirx_trace_turn(__tirx_trace_1, 3, 45);
        acc += buf[s][threadIdx.x % 128]; tirx_bar_arrive(wg == 1 ? 2 : 1, 256); tirx_trace_turn_end(__tirx_trace_1, 3, 45); }
if (tirx_elect_one_sync())
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[s], 1, 48));
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    } else 
#line 39 "trace_persistent.cu"
    {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_event_wait(full, __tirx_phase_1_full, s);
{ tirx_bar_sync(wg, 256);
        acc += buf[s][threadIdx.x % 128]; tirx_bar_arrive(wg == 1 ? 2 : 1, 256); }
if (tirx_elect_one_sync())
        tirx_mbar_arrive(&empty[s]);
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    } }
if (tirx_elect_one_sync())
    tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &done, &done, 2, 54));
  }
#line 12 "trace_persistent.cu"
} else if constexpr ((NC) == (3)) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index(); static_assert((1 + NC) == 4, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 4: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 12); uint32_t __tirx_phase_0_empty = ~0u;
__shared__ uint64_t done; tirx_event_init(&done, 1, 12); uint32_t __tirx_phase_0_done = 0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>(); tirx_trace_region_t __tirx_trace_0(11, 0, 0, 18, tirx_trace_stage<2>());
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_0.detail(21, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, s, 1, 26);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[s], 0, 28));
      }
      it += nk;
    } else 
#line 22 "trace_persistent.cu"
    {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_event_wait(empty, __tirx_phase_0_empty, s);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(&full[s]);
      }
      it += nk;
    } }
    tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &done, __tirx_phase_0_done, 0, 2, 32);
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<160>(); tirx_trace_region_t __tirx_trace_1(11, 1, 128, 34, tirx_trace_stage<2>());
    int it = 0;
if (wg == 3) tirx_bar_arrive(1, 256);
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(38, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, s, 0, 44);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg, 256); tirx_trace_turn(__tirx_trace_1, 3, 45);
        acc += buf[s][threadIdx.x % 128]; tirx_bar_arrive(wg == 1 ? 2 : wg == 2 ? 3 : 1, 256); tirx_trace_turn_end(__tirx_trace_1, 3, 45); }
if (tirx_elect_one_sync())
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[s], 1, 48));
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    } else 
#line 39 "trace_persistent.cu"
    {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_event_wait(full, __tirx_phase_1_full, s);
{ tirx_bar_sync(wg, 256);
        acc += buf[s][threadIdx.x % 128]; tirx_bar_arrive(wg == 1 ? 2 : wg == 2 ? 3 : 1, 256); }
if (tirx_elect_one_sync())
        tirx_mbar_arrive(&empty[s]);
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    } }
if (tirx_elect_one_sync())
    tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &done, &done, 2, 54));
  }
} else { static_assert((NC) == (2) || (NC) == (3), "tirx-pp lowered tiles_in_turns for NC in {2, 3} (its partition's values()): add this value there"); }} static const int __tirx_trace_kernel_11 = tirx_trace_register(11, "tiles_in_turns", "trace_persistent.cu", "wg == 0" "\n" "wg >= 1", "full" "\n" "empty" "\n" "done" "\n" "mma");
template __global__ void tiles_in_turns<2>(const float *, float *, const int *, int, int);

// A persistent body that declares a __shared__ variable: written once (two
// copies would be two variables), every iteration recorded.
__global__ void __launch_bounds__(256, 1) shared_in_body(const float *in, float *out, int tiles) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_trace_region_t __tirx_trace_0(61, 0, 0, 65, tirx_trace_stage<2>());
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      __shared__ float staged[128];
      tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &empty, __tirx_phase_0_empty, 0, 1, 70);
      staged[threadIdx.x] = in[tile * 128 + threadIdx.x];
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), &full, &full, 0, 72));
      out[tile * 128 + threadIdx.x] = staged[threadIdx.x];
    }
  }
else if (wg == 1)
  { tirx_trace_region_t __tirx_trace_1(61, 1, 128, 76, tirx_trace_stage<2>());
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(78, (tile / (int)gridDim.x))) {
      tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), &full, __tirx_phase_1_full, 0, 0, 80);
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &empty, &empty, 1, 81));
    } else 
#line 79 "trace_persistent.cu"
    {
      tirx_event_wait(&full, __tirx_phase_1_full, 0);
      tirx_mbar_arrive(&empty);
    } }
  }
} static const int __tirx_trace_kernel_61 = tirx_trace_register(61, "shared_in_body", "trace_persistent.cu", "wg == 0" "\n" "wg == 1", "full" "\n" "empty");

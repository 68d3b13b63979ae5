#line 1 "trace_persistent.cu"
// --trace on persistent loops: the body of each traced region's persistent
// loop comes out twice, `{ if (REC.detail(LINE, i)) RECORDED else PLAIN }`,
// the first with the hooks (and the iteration's start and end), the second
// as without --trace, so that the iterations not recorded in full cost what
// they cost plain. Here under values(...) with turns (each copy has its own
// turn), a `continue` in the body (the iteration's end still recorded), the
// waits before and after the loop recorded as ever, and a body that declares
// a __shared__ variable or __COUNTER__, which stays one copy, recorded every
// iteration.
#include "tirx.h"

template <int NC>
__global__ void __launch_bounds__((NC) == (2) ? 384 : 512, 1) tiles_in_turns(const float *in, float *out, const int *skip, int tiles, int nk) { if constexpr ((NC) == (2)) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index(); static_assert((1 + NC) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 8); uint32_t __tirx_phase_0_empty = ~0u;
__shared__ uint64_t done; tirx_event_init(&done, 1, 8); uint32_t __tirx_phase_0_done = 0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>(); tirx_trace_region_t __tirx_trace_0(12, 0, 0, 19, tirx_trace_stage<2>());
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_0.detail(22, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, s, 1, 27);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[s], 0, 29));
      }
      it += nk;
    } else 
#line 23 "trace_persistent.cu"
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
    tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &done, __tirx_phase_0_done, 0, 2, 33);
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<240>(); tirx_trace_region_t __tirx_trace_1(12, 1, 128, 35, tirx_trace_stage<2>());
    int it = 0;
if (wg == 2) tirx_bar_arrive(1, 256);
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(39, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, s, 0, 45);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg, 256); tirx_trace_turn(__tirx_trace_1, 3, 46);
        acc += buf[s][threadIdx.x % 128]; tirx_bar_arrive(wg == 1 ? 2 : 1, 256); tirx_trace_turn_end(__tirx_trace_1, 3, 46); }
if (tirx_elect_one_sync())
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[s], 1, 49));
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    } else 
#line 40 "trace_persistent.cu"
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
    tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &done, &done, 2, 55));
  }
#line 13 "trace_persistent.cu"
} else if constexpr ((NC) == (3)) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index(); static_assert((1 + NC) == 4, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 4: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 12); uint32_t __tirx_phase_0_empty = ~0u;
__shared__ uint64_t done; tirx_event_init(&done, 1, 12); uint32_t __tirx_phase_0_done = 0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<24>(); tirx_trace_region_t __tirx_trace_0(12, 0, 0, 19, tirx_trace_stage<2>());
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_0.detail(22, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, s, 1, 27);
        buf[s][threadIdx.x] = in[(tile * nk + k) * 128 + threadIdx.x];
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[s], 0, 29));
      }
      it += nk;
    } else 
#line 23 "trace_persistent.cu"
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
    tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &done, __tirx_phase_0_done, 0, 2, 33);
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<160>(); tirx_trace_region_t __tirx_trace_1(12, 1, 128, 35, tirx_trace_stage<2>());
    int it = 0;
if (wg == 3) tirx_bar_arrive(1, 256);
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(39, (tile / (int)gridDim.x))) {
      if (skip[tile]) continue;
      float acc = 0.f;
      for (int k = 0; k < nk; ++k) {
        const int s = (it + k) % 2;
        tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, s, 0, 45);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg, 256); tirx_trace_turn(__tirx_trace_1, 3, 46);
        acc += buf[s][threadIdx.x % 128]; tirx_bar_arrive(wg == 1 ? 2 : wg == 2 ? 3 : 1, 256); tirx_trace_turn_end(__tirx_trace_1, 3, 46); }
if (tirx_elect_one_sync())
        tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[s], 1, 49));
      }
      it += nk;
      out[tile * 128 * NC + threadIdx.x - 128] = acc;
    } else 
#line 40 "trace_persistent.cu"
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
    tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &done, &done, 2, 55));
  }
} else { static_assert((NC) == (2) || (NC) == (3), "tirx-pp lowered tiles_in_turns for NC in {2, 3} (its partition's values()): add this value there"); }} static const int __tirx_trace_kernel_12 = tirx_trace_register(12, "tiles_in_turns", "trace_persistent.cu", "wg == 0" "\n" "wg >= 1", "full" "\n" "empty" "\n" "done" "\n" "mma");
template __global__ void tiles_in_turns<2>(const float *, float *, const int *, int, int);

// A persistent body that declares a __shared__ variable: written once (two
// copies would be two variables), every iteration recorded.
__global__ void __launch_bounds__(256, 1) shared_in_body(const float *in, float *out, int tiles) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_trace_region_t __tirx_trace_0(62, 0, 0, 66, tirx_trace_stage<2>());
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      __shared__ float staged[128];
      tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &empty, __tirx_phase_0_empty, 0, 1, 71);
      staged[threadIdx.x] = in[tile * 128 + threadIdx.x];
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), &full, &full, 0, 73));
      out[tile * 128 + threadIdx.x] = staged[threadIdx.x];
    }
  }
else if (wg == 1)
  { tirx_trace_region_t __tirx_trace_1(62, 1, 128, 77, tirx_trace_stage<2>());
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(79, (tile / (int)gridDim.x))) {
      tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), &full, __tirx_phase_1_full, 0, 0, 81);
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &empty, &empty, 1, 82));
    } else 
#line 80 "trace_persistent.cu"
    {
      tirx_event_wait(&full, __tirx_phase_1_full, 0);
      tirx_mbar_arrive(&empty);
    } }
  }
} static const int __tirx_trace_kernel_62 = tirx_trace_register(62, "shared_in_body", "trace_persistent.cu", "wg == 0" "\n" "wg == 1", "full" "\n" "empty");

// __COUNTER__ in a persistent body: written once (each copy would read the
// next value), every iteration recorded.
__global__ void __launch_bounds__(256, 1) counter_in_body(float *out, int tiles) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_trace_region_t __tirx_trace_0(89, 0, 0, 93, tirx_trace_stage<2>());
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &empty, __tirx_phase_0_empty, 0, 1, 97);
      out[tile * 128 + threadIdx.x] = (float)__COUNTER__;
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), &full, &full, 0, 99));
    }
  }
else if (wg == 1)
  { tirx_trace_region_t __tirx_trace_1(89, 1, 128, 102, tirx_trace_stage<2>());
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    { if (__tirx_trace_1.detail(104, (tile / (int)gridDim.x))) {
      tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), &full, __tirx_phase_1_full, 0, 0, 106);
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &empty, &empty, 1, 107));
    } else 
#line 105 "trace_persistent.cu"
    {
      tirx_event_wait(&full, __tirx_phase_1_full, 0);
      tirx_mbar_arrive(&empty);
    } }
  }
} static const int __tirx_trace_kernel_89 = tirx_trace_register(89, "counter_in_body", "trace_persistent.cu", "wg == 0" "\n" "wg == 1", "full" "\n" "empty");

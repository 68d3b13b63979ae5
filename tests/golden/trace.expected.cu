#line 1 "trace.cu"
// --trace (docs/trace.md): each region declares a recorder that writes its
// start and end; each wait, trigger and turn goes through it; after the
// kernel its names are registered; the launch records alone.
#include "tirx.h"

__global__ void __launch_bounds__(384, 1) pipe(float *out, const float *in, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>(); tirx_trace_region_t __tirx_trace_0(6, 0, 0, 10, tirx_trace_stage<2>());
    for (int i = 0; i < n; ++i) {
      tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), empty, __tirx_phase_0_empty, i % 2, 1, 13);
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_0, tirx_no_watch(), full, &full[i % 2], 0, 14));
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<232>(); tirx_trace_region_t __tirx_trace_1(6, 1, 128, 17, tirx_trace_stage<2>());
if (wg == 2) tirx_bar_arrive(1, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_hook_event_wait(__tirx_trace_1, tirx_no_watch(), full, __tirx_phase_1_full, i % 2, 0, 22);
{ tirx_trace_turn_wait(__tirx_trace_1); tirx_bar_sync(wg, 256); tirx_trace_turn(__tirx_trace_1, 2, 23);
      {
        acc += in[i * 256 + threadIdx.x - 128];
      } tirx_bar_arrive(wg == 1 ? 2 : 1, 256); tirx_trace_turn_end(__tirx_trace_1, 2, 23); }
      tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), empty, &empty[i % 2], 1, 27));
    }
    out[threadIdx.x] = acc;
  }
} static const int __tirx_trace_kernel_6 = tirx_trace_register(6, "pipe", "trace.cu", "wg == 0" "\n" "wg >= 1", "full" "\n" "empty" "\n" "mma");

// Explicit parities: the slot expression (with a side effect) and the
// parity are each evaluated once; a single event; a pragma-form wait.
__global__ void __launch_bounds__(256, 1) ring(int *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128);
__shared__ uint64_t single; tirx_event_init(&single, 1, (128)); uint32_t __tirx_phase_0_single = 0u;
if (wg == 0)
  { tirx_trace_region_t __tirx_trace_0(35, 0, 0, 39, tirx_trace_stage<2>());
    int r = 0;
    for (int k = 0; k < n; ++k) {
      tirx_hook_wait_parity(__tirx_trace_0, tirx_no_watch(), full, &full[r++ % 2], (k / 2) & 1, 0, 43);
      out[threadIdx.x] += k;
    }
tirx_hook_event_wait(__tirx_trace_0, tirx_no_watch(), &single, __tirx_phase_0_single, 0, 1, 46);
  }
else if (wg == 1)
  { tirx_trace_region_t __tirx_trace_1(35, 1, 128, 48, tirx_trace_stage<2>());
    for (int k = 0; k < n; ++k) tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), full, &full[k % 2], 0, 50));
    tirx_mbar_arrive(tirx_hook_trigger(__tirx_trace_1, tirx_no_watch(), &single, &single, 1, 51));
  }
} static const int __tirx_trace_kernel_35 = tirx_trace_register(35, "ring", "trace.cu", "wg == 0" "\n" "wg == 1", "full" "\n" "single");

void run(float *out, const float *in, int n) {
{ tirx_trace_launch_t __tirx_trace_launch; tirx_launch_t __tirx_launch = tirx_launch_begin(pipe, (4), (384), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) pipe<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, in, n); tirx_launch_end(__tirx_launch, "trace.cu", 57, 3, "pipe", true, true); }
}

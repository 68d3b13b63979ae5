#line 1 "trace_regions.cu"
// --trace=regions (docs/trace.md): each region declares a recorder that
// writes its start and end (its last argument `false`: the runs say their
// waits were not recorded); the waits, triggers and turns are lowered as
// without --trace; the names are registered and the launch records alone.
#include "tirx.h"

__global__ void __launch_bounds__(384, 1) pipe(float *out, const float *in, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>(); tirx_trace_region_t __tirx_trace_0(7, 0, 0, 11, 0u, false);
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
      tirx_mbar_arrive(&full[i % 2]);
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<232>(); tirx_trace_region_t __tirx_trace_1(7, 1, 128, 18, 0u, false);
if (wg == 2) tirx_bar_arrive(1, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % 2);
{ tirx_bar_sync(wg, 256);
      {
        acc += in[i * 256 + threadIdx.x - 128];
      } tirx_bar_arrive(wg == 1 ? 2 : 1, 256); }
      tirx_mbar_arrive(&empty[i % 2]);
    }
    out[threadIdx.x] = acc;
  }
} static const int __tirx_trace_kernel_7 = tirx_trace_register(7, "pipe", "trace_regions.cu", "wg == 0" "\n" "wg >= 1", "full" "\n" "empty" "\n" "mma");

void run(float *out, const float *in, int n) {
{ tirx_trace_launch_t __tirx_trace_launch; tirx_launch_t __tirx_launch = tirx_launch_begin(pipe, (4), (384), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) pipe<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out, in, n); tirx_launch_end(__tirx_launch, "trace_regions.cu", 36, 3, "pipe", true, true); }
}

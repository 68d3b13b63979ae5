#line 1 "turns.cu"
// Turns (docs/turns.md): two consumer
// warpgroups take turns issuing their GEMMs, FlashAttention-3's
// warp-scheduler barriers; the ids skip those the kernel names itself.
#include "tirx.h"

__global__ void __launch_bounds__(384, 1) attn(float *out, const float *in, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>();
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
      tirx_mbar_arrive(&full[i % 2]);
    }
  }
else if (wg >= 1)
  { tirx_setmaxnreg_inc<232>();
    tirx_bar_sync(1, 128);
if (wg == 2) tirx_bar_arrive(4, 256);
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % 2);
{ tirx_bar_sync(wg + 3, 256);
      {
        acc += in[i * 256 + threadIdx.x - 128];
      } tirx_bar_arrive(wg == 1 ? 5 : 4, 256); }
      tirx_mbar_arrive(&empty[i % 2]);
      acc *= 0.5f;
    }
    tirx_bar_sync(2, 256);
    tirx_bar_sync(3, 256);
    out[threadIdx.x] = acc;
  }
}

// The macro spellings; three participants of 32 threads (warps 1, 2, 3).
__global__ void __launch_bounds__(128, 1) issue_in_turns(float *out, int n) {
  const int w = tirx_warp_index();;
  if (w == 0) { out[threadIdx.x] = 0.f; }
  else if (w >= 1) {
    if (w == 3) tirx_bar_arrive(1, 64);
    for (int i = 0; i < n; ++i) {
      { tirx_bar_sync(w, 64); out[threadIdx.x] += 1.f; tirx_bar_arrive(w == 1 ? 2 : w == 2 ? 3 : 1, 64); }
    }
  }
}

#line 1 "trigger_bytes_per_stage.cu"
// Arrivals per phase of a byte event (docs/regions-and-events.md): every
// tirx_trigger_bytes that arrives in one phase of a slot counts.
#include "tirx.h"
#define S 2
// (a stand-in for a bulk copy that completes on bar)
__device__ void copy(float *dst, const float *src, int bytes, uint64_t *bar) {
  for (int i = 0; i < bytes / 4; ++i) dst[i] = src[i];
  (void)bar;
}

// The A and the B copy of a GEMM stage, each with its own trigger: 2 arrivals.
__global__ void __launch_bounds__(256, 1) two_copies(const float *a, const float *b, float *out, int n) {
  __shared__ float as[S][128], bs[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 2); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      tirx_event_arrive_bytes(&full[s], 512, threadIdx.x == 0);
      tirx_event_arrive_bytes(&full[s], 512, threadIdx.x == 0);
      if (threadIdx.x == 0) copy(as[s], a + i * 128, 512, &full[s]), copy(bs[s], b + i * 128, 512, &full[s]);
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128] + bs[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

// One trigger run twice per stage by a loop of constant trip count: 2 arrivals.
__global__ void __launch_bounds__(256, 1) halves(const float *a, float *out, int n) {
  __shared__ float as[S][256];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 2); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      for (int h = 0; h < 2; ++h) {
        tirx_event_arrive_bytes(&full[s], 512, threadIdx.x == 0);
        if (threadIdx.x == 0) copy(as[s] + h * 128, a + i * 256 + h * 128, 512, &full[s]);
      }
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128] + as[s][threadIdx.x];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

// A first stage before the loop and the others in it: two sites, each the
// one trigger of its phase (the slot changes between them): 1 arrival.
__global__ void __launch_bounds__(256, 1) prologue(const float *a, float *out, int n) {
  __shared__ float as[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 1); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int s = 0;
    tirx_event_wait(empty, __tirx_phase_0_empty, s);
    tirx_event_arrive_bytes(&full[s], 512, threadIdx.x == 0);
    if (threadIdx.x == 0) copy(as[s], a, 512, &full[s]);
    for (int i = 1; i < n; ++i) {
      s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      tirx_event_arrive_bytes(&full[s], 512, threadIdx.x == 0);
      if (threadIdx.x == 0) copy(as[s], a + i * 128, 512, &full[s]);
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

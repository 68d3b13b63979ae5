#line 1 "event_exits_forms.cu"
// Steps skipped under data, accepted in other forms: a negated condition
// around the step against a continue, an empty key range left by a return
// (the other region's loop runs no iteration), loop counters named
// differently, a step written as a lambda called once, a return against a
// break out of the region's last loop.
#include "tirx.h"
#define STAGES 2

// Producer skips a zero block with `continue`; the consumer wraps its step in
// `if (!skip[k])`. Both skip exactly the same steps.
__global__ void __launch_bounds__(256, 1) negated(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
      int s = it++ % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    int it = 0;
    for (int k = 0; k < n; ++k) {

      if (!skip[k]) {
        int s = it++ % STAGES;
        tirx_event_wait(full, __tirx_phase_1_full, s);
        acc += buf[s][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[s]);
      }
    }
    out[threadIdx.x - 128] = acc;
  }
}

// varlen: a batch with no keys: consumer writes zeros and returns; the producer loop runs 0 times
__global__ void __launch_bounds__(256, 1) empty_range(const float *in, const int *skip, float *out, int n, const int *lens) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = ~0u;

if (wg == 0)
  {
    const int nk = lens[blockIdx.x];
    int it = 0;
    for (int k = 0; k < nk; ++k) {
      int s = it++ % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    const int nk = lens[blockIdx.x];
    if (nk == 0) { out[threadIdx.x - 128] = 0.f; return; }
    int it = 0;
    for (int k = 0; k < nk; ++k) {
      int s = it++ % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// Both regions skip zero blocks; the producer's loop counter is `kb`, the
// consumer's `k`. Same steps skipped.
__global__ void __launch_bounds__(256, 1) counter_names(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
    for (int kb = 0; kb < n; ++kb) {
      if (skip[kb]) continue;
      int s = it++ % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[kb * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
      int s = it++ % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// both skip zero blocks; the consumer step is a lambda called once in the loop
__global__ void __launch_bounds__(256, 1) lambda_step(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = ~0u;

if (wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
      int s = it++ % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    int it = 0;
    auto consume = [&](int s) {
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    };
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
      consume(it++ % STAGES);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// causal: the producer returns at the diagonal (nothing follows its loop), the consumer breaks
__global__ void __launch_bounds__(256, 1) return_and_break(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = ~0u;
  const int last = blockIdx.x * 2 + 1;
if (wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (k > last) return;
      int s = it++ % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    float acc = 0.f;
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (k > last) break;
      int s = it++ % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

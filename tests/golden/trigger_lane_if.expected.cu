#line 1 "trigger_lane_if.cu"
// Triggers under an `if` on the thread: every thread that reaches one
// arrives, and tirx-pp counts the threads the condition lets through for
// each partition index (docs/regions-and-events.md, "A byte trigger under
// an `if`"). Each count(N) here is what a phase gets; before, the first two
// kernels were reported as deadlocks or as too many arrivals.
#include "tirx.h"

// The producer's thread 0 hands over each slot (1 arrival); each of the two
// consumer warpgroups hands it back from its first thread (2 arrivals).
__global__ void __launch_bounds__(384, 1) handoff(float *out, const float *in, int n) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, (1)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, (2)); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(empty, __tirx_phase_0_empty, kt % 2);
      buf[kt % 2][threadIdx.x] = in[kt * 128 + threadIdx.x];
      tirx_bar_sync(1, 128);
      if (threadIdx.x == 0) tirx_mbar_arrive(&full[kt % 2]);
    }
  }
else if (wg >= 1)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(full, __tirx_phase_1_full, kt % 2);
      acc += buf[kt % 2][threadIdx.x % 128];
      tirx_bar_sync(2, 256);
      if (threadIdx.x % 128 == 0) tirx_mbar_arrive(&empty[kt % 2]);
    }
    out[blockIdx.x * 256 + threadIdx.x - 128] = acc;
  }
}

// Two producer warps, lane 0 of each announcing its own copy, the second
// only when there is a second half: count(2), and the parts of `&&` that
// read no thread are the same for all of them.
__global__ void __launch_bounds__(128, 1) two_warps(float *out, int n, int halves) {
  __shared__ float buf[8];
const int w = tirx_warp_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, (2)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 2); uint32_t __tirx_phase_0_empty = ~0u;
if (w < 2)
  {
    const int lane = threadIdx.x % 32;
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(empty, __tirx_phase_0_empty, kt % 2);
      if (halves == 2 && lane == 0) tirx_event_arrive_bytes(&full[kt % 2], 0, true);
    }
  }
else if (w >= 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(full, __tirx_phase_1_full, kt % 2);
      if (threadIdx.x % 32 == 0) buf[w] += 1;
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[2] + buf[3];
}

// A lane of its own in each warp (lane w of warp w): two arrivals.
__global__ void __launch_bounds__(128, 1) lane_per_warp(float *out, int n) {
  __shared__ float buf[8];
const int w = tirx_warp_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, (2)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 2); uint32_t __tirx_phase_0_empty = ~0u;
if (w < 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(empty, __tirx_phase_0_empty, kt % 2);
      if (threadIdx.x % 32 == w) tirx_event_arrive_bytes(&full[kt % 2], 0, true);
    }
  }
else if (w >= 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(full, __tirx_phase_1_full, kt % 2);
      if (threadIdx.x % 32 == 0) buf[w] += 1;
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[2] + buf[3];
}

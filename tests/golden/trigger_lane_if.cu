// Triggers under an `if` on the thread: every thread that reaches one
// arrives, and tirx-pp counts the threads the condition lets through for
// each partition index (docs/regions-and-events.md, "A byte trigger under
// an `if`"). Each count(N) here is what a phase gets; before, the first two
// kernels were reported as deadlocks or as too many arrivals.
#include "tirx.h"

// The producer's thread 0 hands over each slot (1 arrival); each of the two
// consumer warpgroups hands it back from its first thread (2 arrivals).
__global__ void handoff(float *out, const float *in, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[2] count(1)
#pragma tirx event empty[2] ready count(2)
#pragma tirx async(wg == 0)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      buf[kt % 2][threadIdx.x] = in[kt * 128 + threadIdx.x];
      tirx_region_sync();
      if (threadIdx.x == 0) tirx_trigger(full[kt % 2]);
    }
  }
#pragma tirx async(wg >= 1)
  {
    float acc = 0;
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      acc += buf[kt % 2][threadIdx.x % 128];
      tirx_region_sync();
      if (threadIdx.x % 128 == 0) tirx_trigger(empty[kt % 2]);
    }
    out[blockIdx.x * 256 + threadIdx.x - 128] = acc;
  }
}

// Two producer warps, lane 0 of each announcing its own copy, the second
// only when there is a second half: count(2), and the parts of `&&` that
// read no thread are the same for all of them.
__global__ void two_warps(float *out, int n, int halves) {
  __shared__ float buf[8];
#pragma tirx warps(w: 4)
#pragma tirx event full[2] count(2)
#pragma tirx event empty[2] ready
#pragma tirx async(w < 2)
  {
    const int lane = threadIdx.x % 32;
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      if (halves == 2 && lane == 0) tirx_trigger_bytes(full[kt % 2], 0);
    }
  }
#pragma tirx async(w >= 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      if (threadIdx.x % 32 == 0) buf[w] += 1;
#pragma tirx elect
      tirx_trigger(empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[2] + buf[3];
}

// A lane of its own in each warp (lane w of warp w): two arrivals.
__global__ void lane_per_warp(float *out, int n) {
  __shared__ float buf[8];
#pragma tirx warps(w: 4)
#pragma tirx event full[2] count(2)
#pragma tirx event empty[2] ready
#pragma tirx async(w < 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(empty[kt % 2]);
      if (threadIdx.x % 32 == w) tirx_trigger_bytes(full[kt % 2], 0);
    }
  }
#pragma tirx async(w >= 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_wait(full[kt % 2]);
      if (threadIdx.x % 32 == 0) buf[w] += 1;
#pragma tirx elect
      tirx_trigger(empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[2] + buf[3];
}

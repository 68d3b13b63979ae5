#line 1 "event_phase_shared.cu"
// One event waited on by the same threads from two region statements: a main
// loop's chain, then an epilogue's; a region nested in another; a wait
// outside the regions and one inside. Each mbarrier goes through its phases
// once for the whole block, so a thread's waits must all read and flip the
// same phase bits: the later statements use the first one's
// (__tirx_phase_1_go, __tirx_phase_1_full, __tirx_phase_loaded), and none
// starts again at parity 0 for a phase that completed long before.
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) two_chains(const float *in, float *out) {
  __shared__ float buf[128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t go; tirx_event_init(&go, 1, (128)); uint32_t __tirx_phase_1_go = 0u;
__shared__ uint64_t back; tirx_event_init(&back, 1, (128)); uint32_t __tirx_phase_2_back = 0u;
if (wg == 0)
  {
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_mbar_arrive(&go);
  }
else if (wg == 1)
  {
    tirx_event_wait(&go, __tirx_phase_1_go, 0);
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
    tirx_mbar_arrive(&back);
  }
  __syncthreads();  // the epilogue: go's second phase
if (wg == 0)
  {
    tirx_event_wait(&back, __tirx_phase_2_back, 0);
    buf[threadIdx.x] = in[128 + threadIdx.x];
    tirx_mbar_arrive(&go);
  }
else if (wg == 1)
  {
    tirx_event_wait(&go, __tirx_phase_1_go, 0);
    out[threadIdx.x] = buf[threadIdx.x - 128];
  }
}

__global__ void __launch_bounds__(384, 1) nested(const float *in, float *out) {
  __shared__ float buf[128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, (128)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty; tirx_event_init(&empty, 1, (256)); uint32_t __tirx_phase_0_empty = 0u;
if (wg == 0)
  {
    for (int i = 0; i < 2; ++i) {
      if (i > 0) tirx_event_wait(&empty, __tirx_phase_0_empty, 0);
      buf[threadIdx.x] = in[i * 128 + threadIdx.x];
      tirx_mbar_arrive(&full);
    }
  }
else if (wg >= 1)
  {
    tirx_event_wait(&full, __tirx_phase_1_full, 0);  // phase 0
    float x = buf[threadIdx.x % 128];
    tirx_mbar_arrive(&empty);
if (wg == 1)
    {
      tirx_event_wait(&full, __tirx_phase_1_full, 0);  // phase 1: warpgroup 1 flips the bit it flipped above
      out[threadIdx.x - 128] = x + buf[threadIdx.x - 128];
    }
  }
}

__global__ void __launch_bounds__(256, 1) outside_then_inside(const float *in, float *out) {
  __shared__ float buf[128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t loaded; tirx_event_init(&loaded, 1, (128)); uint32_t __tirx_phase_loaded = 0u;
  if (threadIdx.x < 128) {
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_mbar_arrive(&loaded);
  }
  tirx_event_wait(&loaded, __tirx_phase_loaded, 0);  // every thread: phase 0
  __syncthreads();    // all have seen phase 0 before warpgroup 0 completes phase 1
if (wg == 0)
  {
    buf[threadIdx.x] += 1.f;
    tirx_mbar_arrive(&loaded);
  }
else if (wg == 1)
  {
    tirx_event_wait(&loaded, __tirx_phase_loaded, 0);  // phase 1, with the bits of the wait above
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
  }
}

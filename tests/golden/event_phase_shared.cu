// One event waited on by the same threads from two region statements: a main
// loop's chain, then an epilogue's; a region nested in another; a wait
// outside the regions and one inside. Each mbarrier goes through its phases
// once for the whole block, so a thread's waits must all read and flip the
// same phase bits: the later statements use the first one's
// (__tirx_phase_1_go, __tirx_phase_1_full, __tirx_phase_loaded), and none
// starts again at parity 0 for a phase that completed long before.
#include "tirx.h"
__global__ void two_chains(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event go count(128)
#pragma tirx event back count(128)
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_trigger(go);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(go);
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
    tirx_trigger(back);
  }
  __syncthreads();  // the epilogue: go's second phase
#pragma tirx async(wg == 0)
  {
    tirx_wait(back);
    buf[threadIdx.x] = in[128 + threadIdx.x];
    tirx_trigger(go);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(go);
    out[threadIdx.x] = buf[threadIdx.x - 128];
  }
}

__global__ void nested(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full count(128)
#pragma tirx event empty count(256)
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < 2; ++i) {
      if (i > 0) tirx_wait(empty);
      buf[threadIdx.x] = in[i * 128 + threadIdx.x];
      tirx_trigger(full);
    }
  }
#pragma tirx async(wg >= 1)
  {
    tirx_wait(full);  // phase 0
    float x = buf[threadIdx.x % 128];
    tirx_trigger(empty);
#pragma tirx async(wg == 1)
    {
      tirx_wait(full);  // phase 1: warpgroup 1 flips the bit it flipped above
      out[threadIdx.x - 128] = x + buf[threadIdx.x - 128];
    }
  }
}

__global__ void outside_then_inside(const float *in, float *out) {
  __shared__ float buf[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event loaded count(128)
  if (threadIdx.x < 128) {
    buf[threadIdx.x] = in[threadIdx.x];
    tirx_trigger(loaded);
  }
  tirx_wait(loaded);  // every thread: phase 0
  __syncthreads();    // all have seen phase 0 before warpgroup 0 completes phase 1
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] += 1.f;
    tirx_trigger(loaded);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(loaded);  // phase 1, with the bits of the wait above
    out[threadIdx.x - 128] = buf[threadIdx.x - 128];
  }
}

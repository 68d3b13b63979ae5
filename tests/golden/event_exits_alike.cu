// Steps skipped under data, accepted: both regions skip the same steps under
// the same condition (a local constant in one, the expression in the other),
// or the way out waits and hands the slot back as the step would.
#include "tirx.h"
#define STAGES 2

// Both regions skip block k, the producer through a local constant.
__global__ void skip_both(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      const bool zero = skip[k] != 0;
      if (zero) continue;
      int s = it++ % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k] != 0) continue;
      int s = it++ % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// The consumer skips the arithmetic of block k, but still waits for its
// slot and hands it back: both ways through make the same waits and triggers.
__global__ void skip_balanced(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
#pragma tirx uniform
      if (skip[k]) {
        tirx_wait(full[s]);
        tirx_trigger(empty[s]);
        continue;
      }
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// Causal: both regions stop at the diagonal, written the same way up to a
// local constant.
__global__ void stop_both(const float *in, float *out, int n, int rows) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    const int row_end = blockIdx.x * rows + rows;
    for (int k = 0; k < n; ++k) {
      if (k * 128 >= row_end) break;
      int s = k % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      if (k * 128 >= blockIdx.x * rows + rows) break;
      int s = k % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

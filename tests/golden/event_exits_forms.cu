// Steps skipped under data, accepted in other forms: a negated condition
// around the step against a continue, an empty key range left by a return
// (the other region's loop runs no iteration), loop counters named
// differently, a step written as a lambda called once, a return against a
// break out of the region's last loop.
#include "tirx.h"
#define STAGES 2

// Producer skips a zero block with `continue`; the consumer wraps its step in
// `if (!skip[k])`. Both skip exactly the same steps.
__global__ void negated(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
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
#pragma tirx uniform
      if (!skip[k]) {
        int s = it++ % STAGES;
        tirx_wait(full[s]);
        acc += buf[s][threadIdx.x - 128];
        tirx_trigger(empty[s]);
      }
    }
    out[threadIdx.x - 128] = acc;
  }
}

// varlen: a batch with no keys: consumer writes zeros and returns; the producer loop runs 0 times
__global__ void empty_range(const float *in, const int *skip, float *out, int n, const int *lens) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready

#pragma tirx async(wg == 0)
  {
    const int nk = lens[blockIdx.x];
    int it = 0;
    for (int k = 0; k < nk; ++k) {
      int s = it++ % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    const int nk = lens[blockIdx.x];
    if (nk == 0) { out[threadIdx.x - 128] = 0.f; return; }
    int it = 0;
    for (int k = 0; k < nk; ++k) {
      int s = it++ % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// Both regions skip zero blocks; the producer's loop counter is `kb`, the
// consumer's `k`. Same steps skipped.
__global__ void counter_names(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
    for (int kb = 0; kb < n; ++kb) {
      if (skip[kb]) continue;
      int s = it++ % STAGES;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[kb * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.f;
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
      int s = it++ % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// both skip zero blocks; the consumer step is a lambda called once in the loop
__global__ void lambda_step(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready

#pragma tirx async(wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
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
    auto consume = [&](int s) {
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    };
    for (int k = 0; k < n; ++k) {
      if (skip[k]) continue;
      consume(it++ % STAGES);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// causal: the producer returns at the diagonal (nothing follows its loop), the consumer breaks
__global__ void return_and_break(const float *in, const int *skip, float *out, int n) {
  __shared__ float buf[STAGES][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
  const int last = blockIdx.x * 2 + 1;
#pragma tirx async(wg == 0)
  {
    int it = 0;
    for (int k = 0; k < n; ++k) {
      if (k > last) return;
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
      if (k > last) break;
      int s = it++ % STAGES;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// A loop whose body is only a tirx_* call still gets its index: the call's
// arguments are the only place the index is used (seed 003's bootstrap loop).
#include "tirx.h"
constexpr int S = 4;
__global__ void ring(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  TIRX_WARPGROUPS(wg, 2);
  TIRX_EVENT(full, S);
  TIRX_EVENT(empty, S);
  TIRX_ASYNC(wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
  TIRX_ASYNC(wg == 1) {
#pragma tirx unroll
    for (int s = 0; s < S; ++s) tirx_trigger(empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

__global__ void ring_macros(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  TIRX_WARPGROUPS(wg, 2);
  TIRX_EVENT(full, S);
  TIRX_EVENT(empty, S);
  TIRX_ASYNC(wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
  TIRX_ASYNC(wg == 1) {
    TIRX_UNROLL for (int s = 0; s < S; ++s) tirx_trigger(empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

__global__ void ring_grid(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  TIRX_WARPGROUPS(wg, 2);
  TIRX_EVENT(full, S);
  TIRX_EVENT(empty, S);
  TIRX_ASYNC(wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
  TIRX_ASYNC(wg == 1) {
#pragma tirx grid(s: S) unroll
    tirx_trigger(empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

#line 1 "unroll_calls.cu"
// A loop whose body is only a tirx_* call still gets its index: the call's
// arguments are the only place the index is used (seed 003's bootstrap loop).
#include "tirx.h"
constexpr int S = 4;
__global__ void __launch_bounds__(256, 1) ring(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  const int wg = tirx_warpgroup_index();;
  __shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u;;
  __shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = 0u;;
  if (wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
  else if (wg == 1) {
{
    { int s = 0; tirx_mbar_arrive(&empty[s]); }
#line 20 "unroll_calls.cu"
    { int s = 1; tirx_mbar_arrive(&empty[s]); }
#line 20 "unroll_calls.cu"
    { int s = 2; tirx_mbar_arrive(&empty[s]); }
#line 20 "unroll_calls.cu"
    { int s = 3; tirx_mbar_arrive(&empty[s]); } }
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

__global__ void __launch_bounds__(256, 1) ring_macros(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  const int wg = tirx_warpgroup_index();;
  __shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u;;
  __shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = 0u;;
  if (wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
  else if (wg == 1) {
    {
#line 46 "unroll_calls.cu"
    { int s = 0; tirx_mbar_arrive(&empty[s]); }
#line 46 "unroll_calls.cu"
    { int s = 1; tirx_mbar_arrive(&empty[s]); }
#line 46 "unroll_calls.cu"
    { int s = 2; tirx_mbar_arrive(&empty[s]); }
#line 46 "unroll_calls.cu"
    { int s = 3; tirx_mbar_arrive(&empty[s]); } }
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

__global__ void __launch_bounds__(256, 1) ring_grid(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  const int wg = tirx_warpgroup_index();;
  __shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u;;
  __shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = 0u;;
  if (wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
  else if (wg == 1) {
{
    { int s = 0; tirx_mbar_arrive(&empty[s]); }
#line 73 "unroll_calls.cu"
    { int s = 1; tirx_mbar_arrive(&empty[s]); }
#line 73 "unroll_calls.cu"
    { int s = 2; tirx_mbar_arrive(&empty[s]); }
#line 73 "unroll_calls.cu"
    { int s = 3; tirx_mbar_arrive(&empty[s]); } }
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

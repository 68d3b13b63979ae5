#line 1 "vectorize_tail_guard.cu"
// vectorize over a tail guard (ggml's cumsum store loop): every access to dst
// is under `idx + j < n`, so one float4 would load and store past the end of
// the row; the loop is left to nvcc. With the guard tested for the whole
// vector first, the loop vectorizes and the tail keeps the guarded loop.
#include "tirx.h"

__global__ void store_guarded(float *dst, const float *src, float off, long n) {
  long idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
#pragma unroll
  for (int j = 0; j < 4; j++) {
    if (idx + j < n) {
      dst[idx + j] = src[idx + j] + off;
    }
  }
}

__global__ void store_whole(float *dst, const float *src, float off, long n) {
  long idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (idx + 4 <= n) {
if (((unsigned long long)(const void *)&(dst)[idx] | (unsigned long long)(const void *)&(src)[idx]) % 16 == 0) {
      alignas(16) float __tirx_1_0[4];
#line 21 "vectorize_tail_guard.cu"
      alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(src)[idx];
#line 21 "vectorize_tail_guard.cu"
      { __tirx_1_0[0] = __tirx_1_1[0] + off; }
#line 21 "vectorize_tail_guard.cu"
      { __tirx_1_0[1] = __tirx_1_1[1] + off; }
#line 21 "vectorize_tail_guard.cu"
      { __tirx_1_0[2] = __tirx_1_1[2] + off; }
#line 21 "vectorize_tail_guard.cu"
      { __tirx_1_0[3] = __tirx_1_1[3] + off; }
#line 21 "vectorize_tail_guard.cu"
      *(float4 *)&(dst)[idx] = *(const float4 *)__tirx_1_0;
#line 21 "vectorize_tail_guard.cu"
    } else {
#line 21 "vectorize_tail_guard.cu"
    _Pragma("unroll") for (int j = 0; j < 4; j++) dst[idx + j] = src[idx + j] + off; }
  } else {
    for (int j = 0; idx + j < n; j++) dst[idx + j] = src[idx + j] + off;
  }
}

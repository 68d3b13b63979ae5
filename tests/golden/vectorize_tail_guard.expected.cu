#line 1 "vectorize_tail_guard.cu"
// vectorize over a tail guard (ggml's cumsum store loop): every access to dst
// is under `idx + j < n`; the guard is tested for every lane before the vector
// path is taken, and the tail runs the guarded loop. Written with the guard
// tested for the whole vector first, the loop vectorizes the same way.
#include "tirx.h"

__global__ void store_guarded(float *dst, const float *src, float off, long n) {
  long idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
if ((idx + 0 < n) && (idx + 1 < n) && (idx + 2 < n) && (idx + 3 < n) &&
      ((unsigned long long)(const void *)&(dst)[idx] | (unsigned long long)(const void *)&(src)[idx]) % 16 == 0 &&
      (const void *)&(dst)[idx] != (const void *)&(src)[idx]) {
#line 10 "vectorize_tail_guard.cu"
    alignas(16) float __tirx_1_0[4];
#line 10 "vectorize_tail_guard.cu"
    alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(src)[idx];
#line 10 "vectorize_tail_guard.cu"
    { const int j = 0; {
    if (idx + j < n) {
      __tirx_1_0[0] = __tirx_1_1[0] + off;
    }
  } }
#line 10 "vectorize_tail_guard.cu"
    { const int j = 1; {
    if (idx + j < n) {
      __tirx_1_0[1] = __tirx_1_1[1] + off;
    }
  } }
#line 10 "vectorize_tail_guard.cu"
    { const int j = 2; {
    if (idx + j < n) {
      __tirx_1_0[2] = __tirx_1_1[2] + off;
    }
  } }
#line 10 "vectorize_tail_guard.cu"
    { const int j = 3; {
    if (idx + j < n) {
      __tirx_1_0[3] = __tirx_1_1[3] + off;
    }
  } }
#line 10 "vectorize_tail_guard.cu"
    *(float4 *)&(dst)[idx] = *(const float4 *)__tirx_1_0;
#line 10 "vectorize_tail_guard.cu"
  } else {
#line 10 "vectorize_tail_guard.cu"
  _Pragma("unroll") for (int j = 0; j < 4; j++) {
    if (idx + j < n) {
      dst[idx + j] = src[idx + j] + off;
    }
  } }
}

__global__ void store_whole(float *dst, const float *src, float off, long n) {
  long idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (idx + 4 <= n) {
if (((unsigned long long)(const void *)&(dst)[idx] | (unsigned long long)(const void *)&(src)[idx]) % 16 == 0 &&
        (const void *)&(dst)[idx] != (const void *)&(src)[idx]) {
#line 21 "vectorize_tail_guard.cu"
      alignas(16) float __tirx_2_0[4];
#line 21 "vectorize_tail_guard.cu"
      alignas(16) float __tirx_2_1[4]; *(float4 *)__tirx_2_1 = *(const float4 *)&(src)[idx];
#line 21 "vectorize_tail_guard.cu"
      { __tirx_2_0[0] = __tirx_2_1[0] + off; }
#line 21 "vectorize_tail_guard.cu"
      { __tirx_2_0[1] = __tirx_2_1[1] + off; }
#line 21 "vectorize_tail_guard.cu"
      { __tirx_2_0[2] = __tirx_2_1[2] + off; }
#line 21 "vectorize_tail_guard.cu"
      { __tirx_2_0[3] = __tirx_2_1[3] + off; }
#line 21 "vectorize_tail_guard.cu"
      *(float4 *)&(dst)[idx] = *(const float4 *)__tirx_2_0;
#line 21 "vectorize_tail_guard.cu"
    } else {
#line 21 "vectorize_tail_guard.cu"
    _Pragma("unroll") for (int j = 0; j < 4; j++) dst[idx + j] = src[idx + j] + off; }
  } else {
    for (int j = 0; idx + j < n; j++) dst[idx + j] = src[idx + j] + off;
  }
}

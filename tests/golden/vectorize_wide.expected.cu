#line 1 "vectorize_wide.cu"
// vectorize over 8 floats per thread (two float4), 8 __nv_bfloat16 (one
// 16-byte vector, what __nv_bfloat162 pairs make) and 4 __half (8 bytes).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "tirx.h"
__global__ void scale8(const float *in, float *out, float s) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
if (((unsigned long long)(const void *)&(out)[base] | (unsigned long long)(const void *)&(in)[base]) % 16 == 0 &&
      ((unsigned long long)(const void *)&(out)[base] + 32 <= (unsigned long long)(const void *)&(in)[base] || (unsigned long long)(const void *)&(in)[base] + 32 <= (unsigned long long)(const void *)&(out)[base])) {
#line 9 "vectorize_wide.cu"
    alignas(16) float __tirx_1_0[8];
#line 9 "vectorize_wide.cu"
    alignas(16) float __tirx_1_1[8]; ((float4 *)__tirx_1_1)[0] = ((const float4 *)&(in)[base])[0]; ((float4 *)__tirx_1_1)[1] = ((const float4 *)&(in)[base])[1];
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[0] = __tirx_1_1[0] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[1] = __tirx_1_1[1] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[2] = __tirx_1_1[2] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[3] = __tirx_1_1[3] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[4] = __tirx_1_1[4] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[5] = __tirx_1_1[5] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[6] = __tirx_1_1[6] * s; }
#line 9 "vectorize_wide.cu"
    { __tirx_1_0[7] = __tirx_1_1[7] * s; }
#line 9 "vectorize_wide.cu"
    ((float4 *)&(out)[base])[0] = ((const float4 *)__tirx_1_0)[0]; ((float4 *)&(out)[base])[1] = ((const float4 *)__tirx_1_0)[1];
#line 9 "vectorize_wide.cu"
  } else {
#line 9 "vectorize_wide.cu"
  _Pragma("unroll") for (int v = 0; v < 8; ++v) out[base + v] = in[base + v] * s; }
}

__global__ void relu_bf16(const __nv_bfloat16 *in, __nv_bfloat16 *out) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  if (((unsigned long long)(const void *)&(in)[base] | (unsigned long long)(const void *)&(out)[base]) % 16 == 0 &&
      (const void *)&(in)[base] != (const void *)&(out)[base]) {
#line 14 "vectorize_wide.cu"
    alignas(16) __nv_bfloat16 __tirx_2_0[8]; *(uint4 *)__tirx_2_0 = *(const uint4 *)&(in)[base];
#line 14 "vectorize_wide.cu"
    alignas(16) __nv_bfloat16 __tirx_2_1[8]; *(uint4 *)__tirx_2_1 = *(const uint4 *)&(out)[base];
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[0]);
    __tirx_2_1[0] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[1]);
    __tirx_2_1[1] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[2]);
    __tirx_2_1[2] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[3]);
    __tirx_2_1[3] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[4]);
    __tirx_2_1[4] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[5]);
    __tirx_2_1[5] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[6]);
    __tirx_2_1[6] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    { {
    float x = __bfloat162float(__tirx_2_0[7]);
    __tirx_2_1[7] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
#line 14 "vectorize_wide.cu"
    *(uint4 *)&(out)[base] = *(const uint4 *)__tirx_2_1;
#line 14 "vectorize_wide.cu"
  } else {
#line 14 "vectorize_wide.cu"
  _Pragma("unroll") for (int v = 0; v < 8; ++v) {
    float x = __bfloat162float(in[base + v]);
    out[base + v] = __float2bfloat16(x > 0.f ? x : 0.f);
  } }
}

__global__ void add_half(const __half *a, const __half *b, __half *c) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
if (((unsigned long long)(const void *)&(c)[base] | (unsigned long long)(const void *)&(a)[base] | (unsigned long long)(const void *)&(b)[base]) % 8 == 0 &&
      (const void *)&(c)[base] != (const void *)&(a)[base] && (const void *)&(c)[base] != (const void *)&(b)[base]) {
#line 23 "vectorize_wide.cu"
    alignas(8) __half __tirx_3_0[4]; *(uint2 *)__tirx_3_0 = *(const uint2 *)&(c)[base];
#line 23 "vectorize_wide.cu"
    alignas(8) __half __tirx_3_1[4]; *(uint2 *)__tirx_3_1 = *(const uint2 *)&(a)[base];
#line 23 "vectorize_wide.cu"
    alignas(8) __half __tirx_3_2[4]; *(uint2 *)__tirx_3_2 = *(const uint2 *)&(b)[base];
#line 23 "vectorize_wide.cu"
    { __tirx_3_0[0] = __hadd(__tirx_3_1[0], __tirx_3_2[0]); }
#line 23 "vectorize_wide.cu"
    { __tirx_3_0[1] = __hadd(__tirx_3_1[1], __tirx_3_2[1]); }
#line 23 "vectorize_wide.cu"
    { __tirx_3_0[2] = __hadd(__tirx_3_1[2], __tirx_3_2[2]); }
#line 23 "vectorize_wide.cu"
    { __tirx_3_0[3] = __hadd(__tirx_3_1[3], __tirx_3_2[3]); }
#line 23 "vectorize_wide.cu"
    *(uint2 *)&(c)[base] = *(const uint2 *)__tirx_3_0;
#line 23 "vectorize_wide.cu"
  } else {
#line 23 "vectorize_wide.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) c[base + v] = __hadd(a[base + v], b[base + v]); }
}

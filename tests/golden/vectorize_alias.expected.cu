#line 1 "vectorize_alias.cu"
// vectorize reads every vector before the body and writes them after it; the
// loop reads and writes one element at a time. Where two arrays overlap and
// one of them is written, the two differ, so the run-time test that picks the
// vector path also tests that such vectors are apart (the scalar loop runs
// where they are not).
#include <cuda_fp16.h>
#include "tirx.h"

// dst = src + 4 (a shift within one 32-byte vector): the loop reads elements
// it wrote four lanes before.
__global__ void shift8(const float *src, float *dst) {
if (((unsigned long long)(const void *)&(dst)[0] | (unsigned long long)(const void *)&(src)[0]) % 16 == 0 &&
      ((unsigned long long)(const void *)&(dst)[0] + 32 <= (unsigned long long)(const void *)&(src)[0] || (unsigned long long)(const void *)&(src)[0] + 32 <= (unsigned long long)(const void *)&(dst)[0])) {
#line 13 "vectorize_alias.cu"
    alignas(16) float __tirx_1_0[8];
#line 13 "vectorize_alias.cu"
    alignas(16) float __tirx_1_1[8]; ((float4 *)__tirx_1_1)[0] = ((const float4 *)&(src)[0])[0]; ((float4 *)__tirx_1_1)[1] = ((const float4 *)&(src)[0])[1];
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[0] = __tirx_1_1[0] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[1] = __tirx_1_1[1] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[2] = __tirx_1_1[2] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[3] = __tirx_1_1[3] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[4] = __tirx_1_1[4] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[5] = __tirx_1_1[5] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[6] = __tirx_1_1[6] * 2.f; }
#line 13 "vectorize_alias.cu"
    { __tirx_1_0[7] = __tirx_1_1[7] * 2.f; }
#line 13 "vectorize_alias.cu"
    ((float4 *)&(dst)[0])[0] = ((const float4 *)__tirx_1_0)[0]; ((float4 *)&(dst)[0])[1] = ((const float4 *)__tirx_1_0)[1];
#line 13 "vectorize_alias.cu"
  } else {
#line 13 "vectorize_alias.cu"
  _Pragma("unroll") for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f; }
}

// p == q: each lane adds 1 to the 1 it just stored.
__global__ void two_writes(float *p, float *q) {
if (((unsigned long long)(const void *)&(p)[0] | (unsigned long long)(const void *)&(q)[0]) % 16 == 0 &&
      (const void *)&(p)[0] != (const void *)&(q)[0]) {
#line 19 "vectorize_alias.cu"
    alignas(16) float __tirx_2_0[4];
#line 19 "vectorize_alias.cu"
    alignas(16) float __tirx_2_1[4]; *(float4 *)__tirx_2_1 = *(const float4 *)&(q)[0];
#line 19 "vectorize_alias.cu"
    { {
    __tirx_2_0[0] = 1.f;
    __tirx_2_1[0] += 1.f;
  } }
#line 19 "vectorize_alias.cu"
    { {
    __tirx_2_0[1] = 1.f;
    __tirx_2_1[1] += 1.f;
  } }
#line 19 "vectorize_alias.cu"
    { {
    __tirx_2_0[2] = 1.f;
    __tirx_2_1[2] += 1.f;
  } }
#line 19 "vectorize_alias.cu"
    { {
    __tirx_2_0[3] = 1.f;
    __tirx_2_1[3] += 1.f;
  } }
#line 19 "vectorize_alias.cu"
    *(float4 *)&(p)[0] = *(const float4 *)__tirx_2_0;
#line 19 "vectorize_alias.cu"
    *(float4 *)&(q)[0] = *(const float4 *)__tirx_2_1;
#line 19 "vectorize_alias.cu"
  } else {
#line 19 "vectorize_alias.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    p[v] = 1.f;
    q[v] += 1.f;
  } }
}

// in == out: `in` goes to a call by reference, so it is stored back too.
__device__ __half twice(__half &h) { return __hadd(h, h); }
__global__ void half_call(__half *in, __half *out, int b) {
if (((unsigned long long)(const void *)&(out)[b] | (unsigned long long)(const void *)&(in)[b]) % 8 == 0 &&
      (const void *)&(out)[b] != (const void *)&(in)[b]) {
#line 29 "vectorize_alias.cu"
    alignas(8) __half __tirx_3_0[4]; *(uint2 *)__tirx_3_0 = *(const uint2 *)&(out)[b];
#line 29 "vectorize_alias.cu"
    alignas(8) __half __tirx_3_1[4]; *(uint2 *)__tirx_3_1 = *(const uint2 *)&(in)[b];
#line 29 "vectorize_alias.cu"
    { __tirx_3_0[0] = twice(__tirx_3_1[0]); }
#line 29 "vectorize_alias.cu"
    { __tirx_3_0[1] = twice(__tirx_3_1[1]); }
#line 29 "vectorize_alias.cu"
    { __tirx_3_0[2] = twice(__tirx_3_1[2]); }
#line 29 "vectorize_alias.cu"
    { __tirx_3_0[3] = twice(__tirx_3_1[3]); }
#line 29 "vectorize_alias.cu"
    *(uint2 *)&(out)[b] = *(const uint2 *)__tirx_3_0;
#line 29 "vectorize_alias.cu"
    *(uint2 *)&(in)[b] = *(const uint2 *)__tirx_3_1;
#line 29 "vectorize_alias.cu"
  } else {
#line 29 "vectorize_alias.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) out[b + v] = twice(in[b + v]); }
}

// One array in place: each lane reads and writes its own element; no test.
// Local arrays used only element by element (r, s) are out of any pointer's
// reach: no test (taking their addresses would also keep them out of
// registers). t is passed on whole, so a pointer may reach it: tested.
__device__ void use(float *q) { q[0] = 0.f; }
__global__ void in_place(float *p, int b) {
  float r[4], s[4], t[4];
if (((unsigned long long)(const void *)&(p)[b]) % 16 == 0) {
    alignas(16) float __tirx_4_0[4]; *(float4 *)__tirx_4_0 = *(const float4 *)&(p)[b];
#line 40 "vectorize_alias.cu"
    { __tirx_4_0[0] = __tirx_4_0[0] * 2.f; }
#line 40 "vectorize_alias.cu"
    { __tirx_4_0[1] = __tirx_4_0[1] * 2.f; }
#line 40 "vectorize_alias.cu"
    { __tirx_4_0[2] = __tirx_4_0[2] * 2.f; }
#line 40 "vectorize_alias.cu"
    { __tirx_4_0[3] = __tirx_4_0[3] * 2.f; }
#line 40 "vectorize_alias.cu"
    *(float4 *)&(p)[b] = *(const float4 *)__tirx_4_0;
#line 40 "vectorize_alias.cu"
  } else {
#line 40 "vectorize_alias.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) p[b + v] = p[b + v] * 2.f; }
if (((unsigned long long)(const void *)&(r)[0] | (unsigned long long)(const void *)&(s)[0] | (unsigned long long)(const void *)&(p)[b]) % 16 == 0) {
    alignas(16) float __tirx_5_0[4];
#line 42 "vectorize_alias.cu"
    alignas(16) float __tirx_5_1[4];
#line 42 "vectorize_alias.cu"
    alignas(16) float __tirx_5_2[4]; *(float4 *)__tirx_5_2 = *(const float4 *)&(p)[b];
#line 42 "vectorize_alias.cu"
    { __tirx_5_0[0] = __tirx_5_1[0] = __tirx_5_2[0]; }
#line 42 "vectorize_alias.cu"
    { __tirx_5_0[1] = __tirx_5_1[1] = __tirx_5_2[1]; }
#line 42 "vectorize_alias.cu"
    { __tirx_5_0[2] = __tirx_5_1[2] = __tirx_5_2[2]; }
#line 42 "vectorize_alias.cu"
    { __tirx_5_0[3] = __tirx_5_1[3] = __tirx_5_2[3]; }
#line 42 "vectorize_alias.cu"
    *(float4 *)&(r)[0] = *(const float4 *)__tirx_5_0;
#line 42 "vectorize_alias.cu"
    *(float4 *)&(s)[0] = *(const float4 *)__tirx_5_1;
#line 42 "vectorize_alias.cu"
  } else {
#line 42 "vectorize_alias.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) r[v] = s[v] = p[b + v]; }
  p[b] = r[0] + s[3];
if (((unsigned long long)(const void *)&(t)[0] | (unsigned long long)(const void *)&(p)[b]) % 16 == 0 &&
      (const void *)&(t)[0] != (const void *)&(p)[b]) {
#line 45 "vectorize_alias.cu"
    alignas(16) float __tirx_6_0[4];
#line 45 "vectorize_alias.cu"
    alignas(16) float __tirx_6_1[4]; *(float4 *)__tirx_6_1 = *(const float4 *)&(p)[b];
#line 45 "vectorize_alias.cu"
    { __tirx_6_0[0] = __tirx_6_1[0]; }
#line 45 "vectorize_alias.cu"
    { __tirx_6_0[1] = __tirx_6_1[1]; }
#line 45 "vectorize_alias.cu"
    { __tirx_6_0[2] = __tirx_6_1[2]; }
#line 45 "vectorize_alias.cu"
    { __tirx_6_0[3] = __tirx_6_1[3]; }
#line 45 "vectorize_alias.cu"
    *(float4 *)&(t)[0] = *(const float4 *)__tirx_6_0;
#line 45 "vectorize_alias.cu"
  } else {
#line 45 "vectorize_alias.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) t[v] = p[b + v]; }
  use(t);
}

// An array the loop writes, read again at a fixed index: the scalar loop reads
// what lane 0 wrote. Left to '#pragma unroll'.
__global__ void running(float *y) {
#pragma unroll
  for (int v = 0; v < 4; ++v) y[v] += y[0];
}

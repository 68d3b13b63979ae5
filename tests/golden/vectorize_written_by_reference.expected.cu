#line 1 "vectorize_written_by_reference.cu"
// Elements written other than by '=' or '++': bound to a reference to
// non-const (a helper's parameter, a local reference, an aggregate's
// reference member, a lambda's parameter), through '?:', or as an asm
// output. Each array is loaded and, as it may be written, stored back after
// the lanes: before, only the load was made and the writes stayed in the
// vector copies (a compare-exchange step left both arrays as they were).
#include "tirx.h"
__device__ void cswap(float &a, float &b) {
  if (a > b) {
    float t = a;
    a = b;
    b = t;
  }
}
struct Slot {
  float &r;
};
__device__ void triple(Slot s) { s.r *= 3.f; }

__global__ void exchange(float *lo, float *hi, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (base + 4 > n) return;
if (((unsigned long long)(const void *)&(lo)[base] | (unsigned long long)(const void *)&(hi)[base]) % 16 == 0 &&
      (const void *)&(lo)[base] != (const void *)&(hi)[base]) {
#line 24 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_1_0[4]; *(float4 *)__tirx_1_0 = *(const float4 *)&(lo)[base];
#line 24 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(hi)[base];
#line 24 "vectorize_written_by_reference.cu"
    { cswap(__tirx_1_0[0], __tirx_1_1[0]); }
#line 24 "vectorize_written_by_reference.cu"
    { cswap(__tirx_1_0[1], __tirx_1_1[1]); }
#line 24 "vectorize_written_by_reference.cu"
    { cswap(__tirx_1_0[2], __tirx_1_1[2]); }
#line 24 "vectorize_written_by_reference.cu"
    { cswap(__tirx_1_0[3], __tirx_1_1[3]); }
#line 24 "vectorize_written_by_reference.cu"
    *(float4 *)&(lo)[base] = *(const float4 *)__tirx_1_0;
#line 24 "vectorize_written_by_reference.cu"
    *(float4 *)&(hi)[base] = *(const float4 *)__tirx_1_1;
#line 24 "vectorize_written_by_reference.cu"
  } else {
#line 24 "vectorize_written_by_reference.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) cswap(lo[base + v], hi[base + v]); }
}

__global__ void bind(float *y, float *z, const float *x, bool c) {
  int b = threadIdx.x * 4;
  float t = 0.f;
if ((c) &&
      ((unsigned long long)(const void *)&(y)[b] | (unsigned long long)(const void *)&(x)[b] | (unsigned long long)(const void *)&(z)[b]) % 16 == 0 &&
      (const void *)&(y)[b] != (const void *)&(x)[b] && (const void *)&(y)[b] != (const void *)&(z)[b] && (const void *)&(x)[b] != (const void *)&(z)[b]) {
#line 31 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_2_0[4]; *(float4 *)__tirx_2_0 = *(const float4 *)&(y)[b];
#line 31 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_2_1[4]; *(float4 *)__tirx_2_1 = *(const float4 *)&(x)[b];
#line 31 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_2_2[4]; *(float4 *)__tirx_2_2 = *(const float4 *)&(z)[b];
#line 31 "vectorize_written_by_reference.cu"
    { {
    float &r = __tirx_2_0[0];
    r = __tirx_2_1[0] + 1.f;
    (c ? __tirx_2_2[0] : t) = __tirx_2_1[0];
  } }
#line 31 "vectorize_written_by_reference.cu"
    { {
    float &r = __tirx_2_0[1];
    r = __tirx_2_1[1] + 1.f;
    (c ? __tirx_2_2[1] : t) = __tirx_2_1[1];
  } }
#line 31 "vectorize_written_by_reference.cu"
    { {
    float &r = __tirx_2_0[2];
    r = __tirx_2_1[2] + 1.f;
    (c ? __tirx_2_2[2] : t) = __tirx_2_1[2];
  } }
#line 31 "vectorize_written_by_reference.cu"
    { {
    float &r = __tirx_2_0[3];
    r = __tirx_2_1[3] + 1.f;
    (c ? __tirx_2_2[3] : t) = __tirx_2_1[3];
  } }
#line 31 "vectorize_written_by_reference.cu"
    *(float4 *)&(y)[b] = *(const float4 *)__tirx_2_0;
#line 31 "vectorize_written_by_reference.cu"
    *(float4 *)&(z)[b] = *(const float4 *)__tirx_2_2;
#line 31 "vectorize_written_by_reference.cu"
  } else {
#line 31 "vectorize_written_by_reference.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    float &r = y[b + v];
    r = x[b + v] + 1.f;
    (c ? z[b + v] : t) = x[b + v];
  } }
  y[0] += t;
}

__global__ void aggregate_and_lambda(float *y, float *w) {
  int b = threadIdx.x * 4;
if (((unsigned long long)(const void *)&(y)[b] | (unsigned long long)(const void *)&(w)[b]) % 16 == 0 &&
      (const void *)&(y)[b] != (const void *)&(w)[b]) {
#line 42 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_3_0[4]; *(float4 *)__tirx_3_0 = *(const float4 *)&(y)[b];
#line 42 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_3_1[4]; *(float4 *)__tirx_3_1 = *(const float4 *)&(w)[b];
#line 42 "vectorize_written_by_reference.cu"
    { {
    triple(Slot{__tirx_3_0[0]});
    [](float &a) { a *= 2.f; }(__tirx_3_1[0]);
  } }
#line 42 "vectorize_written_by_reference.cu"
    { {
    triple(Slot{__tirx_3_0[1]});
    [](float &a) { a *= 2.f; }(__tirx_3_1[1]);
  } }
#line 42 "vectorize_written_by_reference.cu"
    { {
    triple(Slot{__tirx_3_0[2]});
    [](float &a) { a *= 2.f; }(__tirx_3_1[2]);
  } }
#line 42 "vectorize_written_by_reference.cu"
    { {
    triple(Slot{__tirx_3_0[3]});
    [](float &a) { a *= 2.f; }(__tirx_3_1[3]);
  } }
#line 42 "vectorize_written_by_reference.cu"
    *(float4 *)&(y)[b] = *(const float4 *)__tirx_3_0;
#line 42 "vectorize_written_by_reference.cu"
    *(float4 *)&(w)[b] = *(const float4 *)__tirx_3_1;
#line 42 "vectorize_written_by_reference.cu"
  } else {
#line 42 "vectorize_written_by_reference.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    triple(Slot{y[b + v]});
    [](float &a) { a *= 2.f; }(w[b + v]);
  } }
}

__global__ void exp2_asm(float *y, const float *x) {
  int b = threadIdx.x * 4;
if (((unsigned long long)(const void *)&(y)[b] | (unsigned long long)(const void *)&(x)[b]) % 16 == 0 &&
      (const void *)&(y)[b] != (const void *)&(x)[b]) {
#line 51 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_4_0[4]; *(float4 *)__tirx_4_0 = *(const float4 *)&(y)[b];
#line 51 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_4_1[4]; *(float4 *)__tirx_4_1 = *(const float4 *)&(x)[b];
#line 51 "vectorize_written_by_reference.cu"
    { asm("ex2.approx.f32 %0, %1;" : "=f"(__tirx_4_0[0]) : "f"(__tirx_4_1[0])); }
#line 51 "vectorize_written_by_reference.cu"
    { asm("ex2.approx.f32 %0, %1;" : "=f"(__tirx_4_0[1]) : "f"(__tirx_4_1[1])); }
#line 51 "vectorize_written_by_reference.cu"
    { asm("ex2.approx.f32 %0, %1;" : "=f"(__tirx_4_0[2]) : "f"(__tirx_4_1[2])); }
#line 51 "vectorize_written_by_reference.cu"
    { asm("ex2.approx.f32 %0, %1;" : "=f"(__tirx_4_0[3]) : "f"(__tirx_4_1[3])); }
#line 51 "vectorize_written_by_reference.cu"
    *(float4 *)&(y)[b] = *(const float4 *)__tirx_4_0;
#line 51 "vectorize_written_by_reference.cu"
  } else {
#line 51 "vectorize_written_by_reference.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) asm("ex2.approx.f32 %0, %1;" : "=f"(y[b + v]) : "f"(x[b + v])); }
}

// An aggregate of values copies the element: 'y' is only read, and not stored.
struct Pair {
  float a, b;
};
__device__ float sum(Pair p) { return p.a + p.b; }
__global__ void aggregate_of_values(float *o, float *y, float *z) {
  int b = threadIdx.x * 4;
if (((unsigned long long)(const void *)&(o)[b] | (unsigned long long)(const void *)&(y)[b] | (unsigned long long)(const void *)&(z)[b]) % 16 == 0 &&
      (const void *)&(o)[b] != (const void *)&(y)[b] && (const void *)&(o)[b] != (const void *)&(z)[b]) {
#line 62 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_5_0[4];
#line 62 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_5_1[4]; *(float4 *)__tirx_5_1 = *(const float4 *)&(y)[b];
#line 62 "vectorize_written_by_reference.cu"
    alignas(16) float __tirx_5_2[4]; *(float4 *)__tirx_5_2 = *(const float4 *)&(z)[b];
#line 62 "vectorize_written_by_reference.cu"
    { __tirx_5_0[0] = sum(Pair{__tirx_5_1[0], __tirx_5_2[0]}); }
#line 62 "vectorize_written_by_reference.cu"
    { __tirx_5_0[1] = sum(Pair{__tirx_5_1[1], __tirx_5_2[1]}); }
#line 62 "vectorize_written_by_reference.cu"
    { __tirx_5_0[2] = sum(Pair{__tirx_5_1[2], __tirx_5_2[2]}); }
#line 62 "vectorize_written_by_reference.cu"
    { __tirx_5_0[3] = sum(Pair{__tirx_5_1[3], __tirx_5_2[3]}); }
#line 62 "vectorize_written_by_reference.cu"
    *(float4 *)&(o)[b] = *(const float4 *)__tirx_5_0;
#line 62 "vectorize_written_by_reference.cu"
  } else {
#line 62 "vectorize_written_by_reference.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) o[b + v] = sum(Pair{y[b + v], z[b + v]}); }
}

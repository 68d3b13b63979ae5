#line 1 "vectorize_guard.cu"
// vectorize with conditions in the body: an access that some lanes may skip
// (the tail guard of a row) runs as a vector only where every lane takes it.
// The guards are tested for every lane before the vector path; where one
// fails, the loop runs as written, guard and all.
#include "tirx.h"

// ggml's norm kernels: rows of ncols floats, four per thread, the row's end
// guarded. A vector past the end would touch the next row's first elements.
__global__ void scale_rows(const float *x, float *dst, int ncols, float s) {
  const int row = blockIdx.x;
  for (int c0 = threadIdx.x * 4; c0 < ncols; c0 += blockDim.x * 4) {
if ((c0 + 0 < ncols) && (c0 + 1 < ncols) && (c0 + 2 < ncols) && (c0 + 3 < ncols) &&
        ((unsigned long long)(const void *)&(dst)[row * ncols + c0] | (unsigned long long)(const void *)&(x)[row * ncols + c0]) % 16 == 0 &&
        (const void *)&(dst)[row * ncols + c0] != (const void *)&(x)[row * ncols + c0]) {
#line 13 "vectorize_guard.cu"
      alignas(16) float __tirx_1_0[4];
#line 13 "vectorize_guard.cu"
      alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(x)[row * ncols + c0];
#line 13 "vectorize_guard.cu"
      { const int v = 0; 
#line 14 "vectorize_guard.cu"
      if (c0 + v < ncols) __tirx_1_0[0] = __tirx_1_1[0] * s; }
#line 13 "vectorize_guard.cu"
      { const int v = 1; 
#line 14 "vectorize_guard.cu"
      if (c0 + v < ncols) __tirx_1_0[1] = __tirx_1_1[1] * s; }
#line 13 "vectorize_guard.cu"
      { const int v = 2; 
#line 14 "vectorize_guard.cu"
      if (c0 + v < ncols) __tirx_1_0[2] = __tirx_1_1[2] * s; }
#line 13 "vectorize_guard.cu"
      { const int v = 3; 
#line 14 "vectorize_guard.cu"
      if (c0 + v < ncols) __tirx_1_0[3] = __tirx_1_1[3] * s; }
#line 13 "vectorize_guard.cu"
      *(float4 *)&(dst)[row * ncols + c0] = *(const float4 *)__tirx_1_0;
#line 13 "vectorize_guard.cu"
    } else {
#line 13 "vectorize_guard.cu"
    _Pragma("unroll") for (int v = 0; v < 4; ++v)
      if (c0 + v < ncols) dst[row * ncols + c0 + v] = x[row * ncols + c0 + v] * s; }
  }
}

// A guard that does not use v is tested once; the parts of a && one by one.
__global__ void add_bias(float *y, const float *bias, int n, int rows) {
  const int row = blockIdx.y, base = threadIdx.x * 2;
if ((row < rows) && (base + 0 < n) && (base + 1 < n) &&
      ((unsigned long long)(const void *)&(y)[row * n + base] | (unsigned long long)(const void *)&(bias)[base]) % 8 == 0 &&
      (const void *)&(y)[row * n + base] != (const void *)&(bias)[base]) {
#line 22 "vectorize_guard.cu"
    alignas(8) float __tirx_2_0[2]; *(float2 *)__tirx_2_0 = *(const float2 *)&(y)[row * n + base];
#line 22 "vectorize_guard.cu"
    alignas(8) float __tirx_2_1[2]; *(float2 *)__tirx_2_1 = *(const float2 *)&(bias)[base];
#line 22 "vectorize_guard.cu"
    { const int v = 0; {
    if (row < rows && base + v < n) __tirx_2_0[0] += __tirx_2_1[0];
  } }
#line 22 "vectorize_guard.cu"
    { const int v = 1; {
    if (row < rows && base + v < n) __tirx_2_0[1] += __tirx_2_1[1];
  } }
#line 22 "vectorize_guard.cu"
    *(float2 *)&(y)[row * n + base] = *(const float2 *)__tirx_2_0;
#line 22 "vectorize_guard.cu"
  } else {
#line 22 "vectorize_guard.cu"
  _Pragma("unroll") for (int v = 0; v < 2; ++v) {
    if (row < rows && base + v < n) y[row * n + base + v] += bias[base + v];
  } }
}

// The else side of ?: and of an if: the guard must fail in every lane.
__global__ void pad(const float *in, float *out, int n, int base) {
if (!(base + 0 >= n) && !(base + 1 >= n) && !(base + 2 >= n) && !(base + 3 >= n) &&
      ((unsigned long long)(const void *)&(out)[base] | (unsigned long long)(const void *)&(in)[base]) % 16 == 0 &&
      (const void *)&(out)[base] != (const void *)&(in)[base]) {
#line 30 "vectorize_guard.cu"
    alignas(16) float __tirx_3_0[4];
#line 30 "vectorize_guard.cu"
    alignas(16) float __tirx_3_1[4]; *(float4 *)__tirx_3_1 = *(const float4 *)&(in)[base];
#line 30 "vectorize_guard.cu"
    { const int v = 0; __tirx_3_0[0] = base + v >= n ? 0.f : __tirx_3_1[0]; }
#line 30 "vectorize_guard.cu"
    { const int v = 1; __tirx_3_0[1] = base + v >= n ? 0.f : __tirx_3_1[1]; }
#line 30 "vectorize_guard.cu"
    { const int v = 2; __tirx_3_0[2] = base + v >= n ? 0.f : __tirx_3_1[2]; }
#line 30 "vectorize_guard.cu"
    { const int v = 3; __tirx_3_0[3] = base + v >= n ? 0.f : __tirx_3_1[3]; }
#line 30 "vectorize_guard.cu"
    *(float4 *)&(out)[base] = *(const float4 *)__tirx_3_0;
#line 30 "vectorize_guard.cu"
  } else {
#line 30 "vectorize_guard.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) out[base + v] = base + v >= n ? 0.f : in[base + v]; }
}

// An array that every lane reads needs no guard: its masked store stays a
// vector (in place: what a lane skips is stored back as it was read).
__global__ void clamp(float *a, int base) {
if (((unsigned long long)(const void *)&(a)[base]) % 16 == 0) {
    alignas(16) float __tirx_4_0[4]; *(float4 *)__tirx_4_0 = *(const float4 *)&(a)[base];
#line 37 "vectorize_guard.cu"
    { 
#line 38 "vectorize_guard.cu"
    if (__tirx_4_0[0] < 0.f) __tirx_4_0[0] = 0.f; }
#line 37 "vectorize_guard.cu"
    { 
#line 38 "vectorize_guard.cu"
    if (__tirx_4_0[1] < 0.f) __tirx_4_0[1] = 0.f; }
#line 37 "vectorize_guard.cu"
    { 
#line 38 "vectorize_guard.cu"
    if (__tirx_4_0[2] < 0.f) __tirx_4_0[2] = 0.f; }
#line 37 "vectorize_guard.cu"
    { 
#line 38 "vectorize_guard.cu"
    if (__tirx_4_0[3] < 0.f) __tirx_4_0[3] = 0.f; }
#line 37 "vectorize_guard.cu"
    *(float4 *)&(a)[base] = *(const float4 *)__tirx_4_0;
#line 37 "vectorize_guard.cu"
  } else {
#line 37 "vectorize_guard.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v)
    if (a[base + v] < 0.f) a[base + v] = 0.f; }
}

// Two arrays on the two sides of one condition: no lane runs both, so no
// test could pick the vector path. Left to '#pragma unroll'; reading both in
// every lane first (float x = a[v], y = b[v]) vectorizes.
__global__ void choose(const float *a, const float *b, float *out, int k) {
#pragma unroll
  for (int v = 0; v < 4; ++v) out[v] = v < k ? a[v] : b[v];
}

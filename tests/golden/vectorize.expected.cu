#line 1 "vectorize.cu"
// vectorize: float4 accesses when aligned; reasons under -Rpass otherwise.
#include "tirx.h"

__global__ void relu4(const float *__restrict__ A, float *__restrict__ B, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (base + 3 < n) {
if (((unsigned long long)(const void *)&(B)[base] | (unsigned long long)(const void *)&(A)[base]) % 16 == 0) {
      alignas(16) float __tirx_1_0[4];
#line 8 "vectorize.cu"
      alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(A)[base];
#line 8 "vectorize.cu"
      { __tirx_1_0[0] = __tirx_1_1[0] > 0.f ? __tirx_1_1[0] : 0.f; }
#line 8 "vectorize.cu"
      { __tirx_1_0[1] = __tirx_1_1[1] > 0.f ? __tirx_1_1[1] : 0.f; }
#line 8 "vectorize.cu"
      { __tirx_1_0[2] = __tirx_1_1[2] > 0.f ? __tirx_1_1[2] : 0.f; }
#line 8 "vectorize.cu"
      { __tirx_1_0[3] = __tirx_1_1[3] > 0.f ? __tirx_1_1[3] : 0.f; }
#line 8 "vectorize.cu"
      *(float4 *)&(B)[base] = *(const float4 *)__tirx_1_0;
#line 8 "vectorize.cu"
    } else {
#line 8 "vectorize.cu"
    _Pragma("unroll") for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] > 0.f ? A[base + v] : 0.f; }
  }
}

__global__ void axpy2(const double *x, double *y, double a, int i) {
  if (((unsigned long long)(const void *)&(y)[2 * i] | (unsigned long long)(const void *)&(x)[2 * i]) % 16 == 0 &&
      (const void *)&(y)[2 * i] != (const void *)&(x)[2 * i]) {
#line 13 "vectorize.cu"
    alignas(16) double __tirx_2_0[2]; *(double2 *)__tirx_2_0 = *(const double2 *)&(y)[2 * i];
#line 13 "vectorize.cu"
    alignas(16) double __tirx_2_1[2]; *(double2 *)__tirx_2_1 = *(const double2 *)&(x)[2 * i];
#line 13 "vectorize.cu"
    { const int v = 0; { __tirx_2_0[0] += a * __tirx_2_1[0] + v; } }
#line 13 "vectorize.cu"
    { const int v = 1; { __tirx_2_0[1] += a * __tirx_2_1[1] + v; } }
#line 13 "vectorize.cu"
    *(double2 *)&(y)[2 * i] = *(const double2 *)__tirx_2_0;
#line 13 "vectorize.cu"
  } else {
#line 13 "vectorize.cu"
  _Pragma("unroll") for (int v = 0; v < 2; ++v) { y[2 * i + v] += a * x[v + 2 * i] + v; } }
}

__global__ void strided(float *A) {
#pragma unroll
  for (int v = 0; v < 4; ++v) A[2 * v] *= 2.f;
}

#line 1 "vectorize_constexpr.cu"
// vectorize in a constexpr function: the vector path (uninitialized arrays,
// loads through pointer casts) cannot be in one, so the loop is left to nvcc's
// unrolling and the remark says why; the same loop in a plain function is vectorized.
__host__ __device__ constexpr void scale4(float *y, const float *x, float s) {
#pragma unroll
  for (int v = 0; v < 4; ++v) y[v] = x[v] * s;
}
__device__ void scale4_plain(float *__restrict__ y, const float *__restrict__ x, float s) {
if (((unsigned long long)(const void *)&(y)[0] | (unsigned long long)(const void *)&(x)[0]) % 16 == 0) {
    alignas(16) float __tirx_1_0[4];
#line 10 "vectorize_constexpr.cu"
    alignas(16) float __tirx_1_1[4]; *(float4 *)__tirx_1_1 = *(const float4 *)&(x)[0];
#line 10 "vectorize_constexpr.cu"
    { __tirx_1_0[0] = __tirx_1_1[0] * s; }
#line 10 "vectorize_constexpr.cu"
    { __tirx_1_0[1] = __tirx_1_1[1] * s; }
#line 10 "vectorize_constexpr.cu"
    { __tirx_1_0[2] = __tirx_1_1[2] * s; }
#line 10 "vectorize_constexpr.cu"
    { __tirx_1_0[3] = __tirx_1_1[3] * s; }
#line 10 "vectorize_constexpr.cu"
    *(float4 *)&(y)[0] = *(const float4 *)__tirx_1_0;
#line 10 "vectorize_constexpr.cu"
  } else {
#line 10 "vectorize_constexpr.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) y[v] = x[v] * s; }
}
__global__ void k(float *y, const float *x) {
  scale4(y, x, 2.f);
  scale4_plain(y + 4, x + 4, 2.f);
}

#line 1 "vectorize_restrict_by_type.cu"
// A pointer promises no overlap when its type is __restrict__-qualified, not
// when its type's spelling holds the word: unrestricted_t *dst may overlap
// src (dst = src + 4), so the vector path tests that their vectors are apart,
// as for any written array; a __restrict__ pointer is not tested.
#include "tirx.h"
typedef float unrestricted_t;
__global__ void shift8(const float *src, unrestricted_t *dst) {
if (((unsigned long long)(const void *)&(dst)[0] | (unsigned long long)(const void *)&(src)[0]) % 16 == 0 &&
      ((unsigned long long)(const void *)&(dst)[0] + 32 <= (unsigned long long)(const void *)&(src)[0] || (unsigned long long)(const void *)&(src)[0] + 32 <= (unsigned long long)(const void *)&(dst)[0])) {
#line 9 "vectorize_restrict_by_type.cu"
    alignas(16) unrestricted_t __tirx_1_0[8];
#line 9 "vectorize_restrict_by_type.cu"
    alignas(16) float __tirx_1_1[8]; ((float4 *)__tirx_1_1)[0] = ((const float4 *)&(src)[0])[0]; ((float4 *)__tirx_1_1)[1] = ((const float4 *)&(src)[0])[1];
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[0] = __tirx_1_1[0] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[1] = __tirx_1_1[1] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[2] = __tirx_1_1[2] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[3] = __tirx_1_1[3] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[4] = __tirx_1_1[4] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[5] = __tirx_1_1[5] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[6] = __tirx_1_1[6] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    { __tirx_1_0[7] = __tirx_1_1[7] * 2.f; }
#line 9 "vectorize_restrict_by_type.cu"
    ((float4 *)&(dst)[0])[0] = ((const float4 *)__tirx_1_0)[0]; ((float4 *)&(dst)[0])[1] = ((const float4 *)__tirx_1_0)[1];
#line 9 "vectorize_restrict_by_type.cu"
  } else {
#line 9 "vectorize_restrict_by_type.cu"
  _Pragma("unroll") for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f; }
}

__global__ void promised(const float *src, float *__restrict__ dst) {
if (((unsigned long long)(const void *)&(dst)[0] | (unsigned long long)(const void *)&(src)[0]) % 16 == 0) {
    alignas(16) float __tirx_2_0[8];
#line 14 "vectorize_restrict_by_type.cu"
    alignas(16) float __tirx_2_1[8]; ((float4 *)__tirx_2_1)[0] = ((const float4 *)&(src)[0])[0]; ((float4 *)__tirx_2_1)[1] = ((const float4 *)&(src)[0])[1];
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[0] = __tirx_2_1[0] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[1] = __tirx_2_1[1] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[2] = __tirx_2_1[2] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[3] = __tirx_2_1[3] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[4] = __tirx_2_1[4] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[5] = __tirx_2_1[5] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[6] = __tirx_2_1[6] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    { __tirx_2_0[7] = __tirx_2_1[7] * 2.f; }
#line 14 "vectorize_restrict_by_type.cu"
    ((float4 *)&(dst)[0])[0] = ((const float4 *)__tirx_2_0)[0]; ((float4 *)&(dst)[0])[1] = ((const float4 *)__tirx_2_0)[1];
#line 14 "vectorize_restrict_by_type.cu"
  } else {
#line 14 "vectorize_restrict_by_type.cu"
  _Pragma("unroll") for (int v = 0; v < 8; ++v) dst[v] = src[v] * 2.f; }
}

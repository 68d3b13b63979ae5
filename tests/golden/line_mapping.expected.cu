#line 1 "line_mapping.cu"
// #line keeps __LINE__ (and nvcc's errors) on the original lines inside and
// after every rewritten construct: each static_assert below holds only if the
// output maps back to this file line for line. tests/golden_nvcc compiles it.
#include "tirx.h"
#define AT(n) static_assert(__LINE__ == (n), "line mapping")

__global__ void k(float *a, const float *b) {
  AT(8);
{
  { int i = 0; {
    AT(11);
    a[i] += 1.f;
    AT(13);
  } }
#line 10 "line_mapping.cu"
  { int i = 1; {
    AT(11);
    a[i] += 1.f;
    AT(13);
  } }
#line 10 "line_mapping.cu"
  { int i = 2; {
    AT(11);
    a[i] += 1.f;
    AT(13);
  } } }
  AT(15);
{
  { int i = 0; int j = 0; {
    AT(18);
    a[i * 2 + j] = 0.f;
  } }
#line 17 "line_mapping.cu"
  { int i = 0; int j = 1; {
    AT(18);
    a[i * 2 + j] = 0.f;
  } }
#line 17 "line_mapping.cu"
  { int i = 1; int j = 0; {
    AT(18);
    a[i * 2 + j] = 0.f;
  } }
#line 17 "line_mapping.cu"
  { int i = 1; int j = 1; {
    AT(18);
    a[i * 2 + j] = 0.f;
  } } }
  AT(21);
if (((unsigned long long)(const void *)&(a)[0] | (unsigned long long)(const void *)&(b)[0]) % 16 == 0 &&
      (const void *)&(a)[0] != (const void *)&(b)[0]) {
#line 23 "line_mapping.cu"
    alignas(16) float __tirx_3_0[4];
#line 23 "line_mapping.cu"
    alignas(16) float __tirx_3_1[4]; *(float4 *)__tirx_3_1 = *(const float4 *)&(b)[0];
#line 23 "line_mapping.cu"
    { {
    AT(24);
    __tirx_3_0[0] = __tirx_3_1[0] * 2.f;
  } }
#line 23 "line_mapping.cu"
    { {
    AT(24);
    __tirx_3_0[1] = __tirx_3_1[1] * 2.f;
  } }
#line 23 "line_mapping.cu"
    { {
    AT(24);
    __tirx_3_0[2] = __tirx_3_1[2] * 2.f;
  } }
#line 23 "line_mapping.cu"
    { {
    AT(24);
    __tirx_3_0[3] = __tirx_3_1[3] * 2.f;
  } }
#line 23 "line_mapping.cu"
    *(float4 *)&(a)[0] = *(const float4 *)__tirx_3_0;
#line 23 "line_mapping.cu"
  } else {
#line 23 "line_mapping.cu"
  _Pragma("unroll") for (int v = 0; v < 4; ++v) {
    AT(24);
    a[v] = b[v] * 2.f;
  } }
  AT(27);
  {
#line 28 "line_mapping.cu"
  { int i = 0; { AT(28); a[i] = 1.f; } }
#line 28 "line_mapping.cu"
  { int i = 1; { AT(28); a[i] = 1.f; } } } AT(28);
  AT(29);
{
  { {
#line 33 "line_mapping.cu"
    { {
      AT(34);
    } }
#line 33 "line_mapping.cu"
    { {
      AT(34);
    } } } }
#line 31 "line_mapping.cu"
  { {
#line 33 "line_mapping.cu"
    { {
      AT(34);
    } }
#line 33 "line_mapping.cu"
    { {
      AT(34);
    } } } } }
  AT(36);
}

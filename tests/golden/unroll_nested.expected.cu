#line 1 "unroll_nested.cu"
// Constructs compose: an unrolled loop inside a grid inside an unrolled loop.
#include "tirx.h"

__global__ void nested(float *out) {
  float acc = 0.f;
{
  { int a = 0; {
for (int r = 0; r < 2; ++r) for (int c = 0; c < 3; ++c)
    {
{
      { int k = 0; {
        if (k == a) goto __tirx_continue_2_0;
        acc += out[r * 3 + c] * (a + k);
      } __tirx_continue_2_0:; }
#line 11 "unroll_nested.cu"
      { int k = 1; {
        if (k == a) goto __tirx_continue_2_1;
        acc += out[r * 3 + c] * (a + k);
      } __tirx_continue_2_1:; } }
    }
  } }
#line 7 "unroll_nested.cu"
  { int a = 1; {
for (int r = 0; r < 2; ++r) for (int c = 0; c < 3; ++c)
    {
{
      { int k = 0; {
        if (k == a) goto __tirx_continue_3_0;
        acc += out[r * 3 + c] * (a + k);
      } __tirx_continue_3_0:; }
#line 11 "unroll_nested.cu"
      { int k = 1; {
        if (k == a) goto __tirx_continue_3_1;
        acc += out[r * 3 + c] * (a + k);
      } __tirx_continue_3_1:; } }
    }
  } } }
  out[0] = acc;
}

#line 1 "unroll_constexpr_lambda.cu"
// A lambda is constexpr when it can be: one that computes a constant with an
// unrolled loop that breaks gets the copies without goto (a flag and
// do-while(0)), as a constexpr function does, so that it stays a constant.
#include "tirx.h"
__global__ void k(int *a) {
  constexpr int r = [] {
    int s = 0;
{ bool __tirx_broke_1 = false;
    { if (!__tirx_broke_1) { int i = 0; do {
      if (i == 2) { __tirx_broke_1 = true; break; }
      s += i;
    } while (0); } }
#line 9 "unroll_constexpr_lambda.cu"
    { if (!__tirx_broke_1) { int i = 1; do {
      if (i == 2) { __tirx_broke_1 = true; break; }
      s += i;
    } while (0); } }
#line 9 "unroll_constexpr_lambda.cu"
    { if (!__tirx_broke_1) { int i = 2; do {
      if (i == 2) { __tirx_broke_1 = true; break; }
      s += i;
    } while (0); } }
#line 9 "unroll_constexpr_lambda.cu"
    { if (!__tirx_broke_1) { int i = 3; do {
      if (i == 2) { __tirx_broke_1 = true; break; }
      s += i;
    } while (0); } } }
    return s;
  }();
  a[0] = r;
}

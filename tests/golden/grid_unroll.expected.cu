#line 1 "grid_unroll.cu"
// grid(...) unroll: the whole nest expanded; break leaves the innermost index.
#include "tirx.h"

__global__ void gmax(const float *A, float *B) {
{
  { int i = 0; int j = 0; B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f); }
#line 6 "grid_unroll.cu"
  { int i = 0; int j = 1; B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f); }
#line 6 "grid_unroll.cu"
  { int i = 0; int j = 2; B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f); }
#line 6 "grid_unroll.cu"
  { int i = 1; int j = 0; B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f); }
#line 6 "grid_unroll.cu"
  { int i = 1; int j = 1; B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f); }
#line 6 "grid_unroll.cu"
  { int i = 1; int j = 2; B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f); } }
  {
#line 7 "grid_unroll.cu"
  { int i = 0; int j = 0; {
    if (A[i] < 0.f) goto __tirx_break_2_0;
    if (A[j] < 0.f) goto __tirx_continue_2_0;
    B[0] += 1.f;
  } __tirx_continue_2_0:; }
#line 7 "grid_unroll.cu"
  { int i = 0; int j = 1; {
    if (A[i] < 0.f) goto __tirx_break_2_0;
    if (A[j] < 0.f) goto __tirx_continue_2_1;
    B[0] += 1.f;
  } __tirx_continue_2_1:; } __tirx_break_2_0:;
#line 7 "grid_unroll.cu"
  { int i = 1; int j = 0; {
    if (A[i] < 0.f) goto __tirx_break_2_1;
    if (A[j] < 0.f) goto __tirx_continue_2_2;
    B[0] += 1.f;
  } __tirx_continue_2_2:; }
#line 7 "grid_unroll.cu"
  { int i = 1; int j = 1; {
    if (A[i] < 0.f) goto __tirx_break_2_1;
    if (A[j] < 0.f) goto __tirx_continue_2_3;
    B[0] += 1.f;
  } __tirx_continue_2_3:; } __tirx_break_2_1:; }
}

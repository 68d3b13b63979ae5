// -D, -U, -std= and -arch= reach the parse as nvcc's device pass would see them.
#include "tirx.h"
#ifdef DROPPED
#error "-UDROPPED did not reach the parse"
#endif
#if __CUDA_ARCH__ != 800
#error "-arch=sm_80 did not reach the parse"
#endif
__global__ void k(float *a) {
  static_assert(__cplusplus >= 202002L, "-std=c++20 did not reach the parse");
{
  { const int i = 0; a[i] = 0.f; }
#line 12 "flags.cu"
  { const int i = 1; a[i] = 0.f; }
#line 12 "flags.cu"
  { const int i = 2; a[i] = 0.f; } }
}

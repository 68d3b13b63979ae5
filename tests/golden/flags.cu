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
#pragma tirx unroll
  for (int i = 0; i < COUNT; ++i) a[i] = 0.f;
}

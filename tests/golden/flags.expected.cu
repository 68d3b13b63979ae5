#line 1 "flags.cu"
// -D, -U, -std= and -arch= reach the parse as nvcc's device pass would see
// them: the trip count below is 3 only when all four did.
#include "tirx.h"
#ifdef DROPPED
#define FROM_U 100
#else
#define FROM_U 0
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 800
#define FROM_ARCH 0
#else
#define FROM_ARCH 100
#endif
#if __cplusplus >= 202002L
#define FROM_STD 0
#else
#define FROM_STD 100
#endif
__global__ void k(float *a) {
{
  { int i = 0; a[i] = 0.f; }
#line 21 "flags.cu"
  { int i = 1; a[i] = 0.f; }
#line 21 "flags.cu"
  { int i = 2; a[i] = 0.f; } }
}

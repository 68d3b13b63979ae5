#line 1 "unroll_template_type.cu"
// A loop variable whose type is a template parameter: its type is known
// after instantiation, so the loop is left to nvcc's '#pragma unroll' (a
// remark), as a template-dependent trip count is.
#include "tirx.h"
template <class T>
__device__ float sum4(const float *a) {
  float s = 0.f;
#pragma unroll
  for (T i = 0; i < 4; ++i) s += a[i];
  return s;
}
__global__ void k(const float *a, float *o) { o[0] = sum4<int>(a); }

// In a template, `acc[m] += v` on an array of dependent size is kept as an
// operator call when any operator+= is declared (cuda_bf16.h declares them for
// __nv_bfloat16): it still stores a per-lane value, and the elected statement
// reads it.
#include "tirx.h"
struct Half2 { unsigned x; };
__device__ Half2 &operator+=(Half2 &a, const Half2 &b);
template <int N>
__global__ void sum_rows(const float *in, float *out) {
  float acc[N] = {};
  for (int m = 0; m < N; m++) acc[m] += in[m * 1024 + threadIdx.x];
#pragma tirx elect
  out[threadIdx.x / 32] = acc[0];
}
template __global__ void sum_rows<4>(const float *, float *);

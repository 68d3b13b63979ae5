// In a template, `i += s` with s of a template type is kept as an operator call
// when any operator+= is declared (cuda_fp16.h, cuda_bf16.h declare them): it
// still assigns the loop variable.
#include "tirx.h"
struct Half2 { unsigned x; };
__device__ Half2 &operator+=(Half2 &a, const Half2 &b);
template <typename T>
__global__ void skip(int *a, T s) {
#pragma tirx unroll
  for (int i = 0; i < 4; i++) {
    a[i] = 1;
    i += s;
  }
}
template __global__ void skip<int>(int *, int);

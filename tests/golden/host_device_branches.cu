// A __host__ __device__ function whose annotated loops read their counter
// only in the branch for nvcc's host pass (`#else` of `#ifdef __CUDA_ARCH__`),
// which tirx-pp's device parse skips: the copies still declare the counter
// (with `(void)&i`, no unused-variable warning in the device pass), and
// vectorize, which cannot check or rewrite what it did not parse, leaves the
// loop to nvcc (the remark in host_device_branches.expected.err).
#include "tirx.h"

__host__ __device__ inline float sum4(const float *a) {
  float s = 0.f;
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
#ifdef __CUDA_ARCH__
    s += __ldg(a);  // device: read, then step the pointer
    a += 1;
#else
    s += a[i];
#endif
  }
  return s;
}

__host__ __device__ inline float sum22(const float *a) {
  float s = 0.f;
#pragma tirx grid(i: 2, j: 2) unroll
  {
#if defined(__CUDA_ARCH__)
    s += a[0] * 2.f;
#else
    s += a[i * 2 + j];
#endif
  }
  return s;
}

__host__ __device__ inline void scale4(float *__restrict__ y, const float *__restrict__ x, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
#ifdef __CUDA_ARCH__
    y[b + v] = x[b + v] * 2.f;
#else
    y[b + v] = x[b + v] * 2.f + 0.f * v;
#endif
  }
}

__global__ void use(const float *in, float *out) {
  out[threadIdx.x] = sum4(in + 4 * threadIdx.x) + sum22(in);
  scale4(out, in, 4 * threadIdx.x);
}

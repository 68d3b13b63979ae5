// A condition whose value is known from a type, as CuTe's `if (size(f) > 1)`
// on a thread's own tensor: size() returns a class that holds no data (its
// value is its type, CuTe's C<N>), so every thread of the block takes the same
// branch, and the __syncthreads() under it is reached by all of them. The
// barrier check passes it; a condition on f itself would be the thread's.
#include "tirx.h"
template <int N>
struct C {
  static constexpr int value = N;
  __host__ __device__ constexpr operator int() const { return N; }
};
template <class T>
__device__ C<4> size(const T &) {
  return {};
}
struct Empty {};
template <int N>
struct Derived : Empty {
  __host__ __device__ constexpr operator int() const { return N; }
};
template <class T>
__device__ Derived<2> rank(const T &) {
  return {};
}
__global__ void k(float *a) {
  float *f = a + threadIdx.x * 4;
  __shared__ float s[128];
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) s[threadIdx.x] += f[i];
  if (size(f) > 1) __syncthreads();
  if (rank(f) == 2) __syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 128];
}

#line 1 "unroll_template_constexpr.cu"
// A bound held in a constant that depends on template parameters
// (CUDA-GEMM-Optimization's `constexpr size_t NUM_ITERS{...}`) is known only
// after instantiation, as one that names them: the loop is left to nvcc's
// unroll pragma, and as it is the file's only annotation, a note says so.
#include "tirx.h"
#include <cstddef>

template <typename T, size_t TILE, size_t THREADS>
__global__ void zero(T *a) {
  constexpr size_t ITERS{(TILE + THREADS - 1) / THREADS};
  const size_t LAST = ITERS - 1;
#pragma unroll
  for (size_t i = 0; i <= LAST; ++i) a[i * THREADS + threadIdx.x] = T(0);
}

template __global__ void zero<float, 128, 32>(float *);

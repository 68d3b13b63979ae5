// The configuration of `<<<...>>>` is split where clang splits it: a
// template-id's commas (`blocks<1, 2>()`, `Cfg<128, 2>::smem`) stay inside
// its expression.
#include "tirx.h"

template <int A, int B> constexpr int blocks() { return A * B; }
template <int T, int S> struct Cfg {
  static constexpr int threads = T, smem = T * S * 4;
};

__global__ void k(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0.f; }

cudaError_t run(float *p, cudaStream_t stream) {
  cudaError_t err = cudaSuccess;
#pragma tirx launch status(err)
  k<<<blocks<1, 2>(), Cfg<128, 2>::threads, Cfg<128, 2>::smem, stream>>>(p);
  return err;
}

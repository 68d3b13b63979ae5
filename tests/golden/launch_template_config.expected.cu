#line 1 "launch_template_config.cu"
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
{ tirx_launch_t __tirx_launch = tirx_launch_begin(k, (blocks<1, 2>()), (Cfg<128, 2>::threads), (Cfg<128, 2>::smem), (stream), false);
  if (__tirx_launch.err == cudaSuccess) k<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(p); err = tirx_launch_end(__tirx_launch, "launch_template_config.cu", 16, 3, "k", true, false); }
  return err;
}

// A trip count that depends on a template parameter, with an operator< of some
// class visible (cuda_fp16.h's): clang keeps the condition as an operator call;
// the loop is left to nvcc's #pragma unroll, as any dependent trip count.
#include <cuda_fp16.h>
// causal-conv1d's loop over Ktraits::kNLoads
template <int N> struct Traits { static constexpr int kNLoads = N; };

template <class Ktraits>
__global__ void k(float *p) {
#pragma tirx unroll
  for (int l = 0; l < Ktraits::kNLoads; ++l) p[threadIdx.x * 4 + l] = 0.f;
}
template __global__ void k<Traits<4>>(float *);

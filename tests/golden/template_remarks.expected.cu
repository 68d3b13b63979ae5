#line 1 "template_remarks.cu"
// -Rpass on template-dependent loops (adoption trial 2, SGEMM_CUDA's
// sgemmVectorize<BM, BN, BK, TM, TN>): each construct that leaves the loop
// to nvcc says why, and vectorize names the template parameter as the reason.
#include "tirx.h"

template <int TM, int TN>
__global__ void outer(const float *As, const float *Bs, float *out) {
  float regM[TM], regN[TN], acc[TM * TN] = {0.f};
#pragma unroll
  for (int i = 0; i < TM; ++i) regM[i] = As[threadIdx.x * TM + i];
#pragma unroll
  for (unsigned i = 0; i < TN; ++i) regN[i] = Bs[threadIdx.x * TN + i];
_Pragma("unroll") for (int m = 0; m < (TM); ++m) _Pragma("unroll") for (int n = 0; n < (TN); ++n)
  acc[m * TN + n] += regM[m] * regN[n];
#pragma unroll
  for (int k = 0; k < TM * TN; ++k) out[threadIdx.x * TM * TN + k] = acc[k];
}

template __global__ void outer<8, 8>(const float *, const float *, float *);

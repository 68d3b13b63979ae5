// -Rpass on template-dependent loops (adoption trial 2, SGEMM_CUDA's
// sgemmVectorize<BM, BN, BK, TM, TN>): each construct that leaves the loop
// to nvcc says why, and vectorize names the template parameter as the reason.
#include "tirx.h"

template <int TM, int TN>
__global__ void outer(const float *As, const float *Bs, float *out) {
  float regM[TM], regN[TN], acc[TM * TN] = {0.f};
#pragma tirx vectorize
  for (int i = 0; i < TM; ++i) regM[i] = As[threadIdx.x * TM + i];
#pragma tirx vectorize
  for (unsigned i = 0; i < TN; ++i) regN[i] = Bs[threadIdx.x * TN + i];
#pragma tirx grid(m: TM, n: TN) unroll
  acc[m * TN + n] += regM[m] * regN[n];
#pragma tirx unroll
  for (int k = 0; k < TM * TN; ++k) out[threadIdx.x * TM * TN + k] = acc[k];
}

template __global__ void outer<8, 8>(const float *, const float *, float *);

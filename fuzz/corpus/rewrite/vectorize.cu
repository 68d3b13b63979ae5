// vectorize: float4 accesses when aligned; reasons under -Rpass otherwise.
#include "tirx.h"

__global__ void relu4(const float *__restrict__ A, float *__restrict__ B, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (base + 3 < n) {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] > 0.f ? A[base + v] : 0.f;
  }
}

__global__ void axpy2(const double *x, double *y, double a, int i) {
  TIRX_VECTORIZE for (int v = 0; v < 2; ++v) { y[2 * i + v] += a * x[v + 2 * i] + v; }
}

__global__ void strided(float *A) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) A[2 * v] *= 2.f;
}

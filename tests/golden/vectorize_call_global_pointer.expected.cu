#line 1 "vectorize_call_global_pointer.cu"
// A call in the body that writes through a global pointer, which may point
// into A: the vector path would load A before the call changes it.
#include "tirx.h"
__device__ float *gp;
__device__ void bump() { gp[0] += 1.f; }
__global__ void k(float *A, float *B, int b) {
#pragma unroll
  for (int v = 0; v < 4; ++v) {
    B[b + v] = A[b + v];
    bump();
  }
}

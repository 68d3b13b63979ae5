#line 1 "unroll_basic.cu"
// row_sum from the TIRx guide: the inner loop is expanded by tirx-pp.
#include "tirx.h"

__global__ void row_sum(const float *A, float *B, int n) {
  int row = blockIdx.x * 128 + threadIdx.x;
  if (row < n) {
    float total = 0.0f;
    for (int j = 0; j < 16; ++j) {
      {
      { int k = 0; {
        total += A[row * 64 + j * 4 + k];
      } }
#line 10 "unroll_basic.cu"
      { int k = 1; {
        total += A[row * 64 + j * 4 + k];
      } }
#line 10 "unroll_basic.cu"
      { int k = 2; {
        total += A[row * 64 + j * 4 + k];
      } }
#line 10 "unroll_basic.cu"
      { int k = 3; {
        total += A[row * 64 + j * 4 + k];
      } } }
    }
    B[row] = total;
  }
}

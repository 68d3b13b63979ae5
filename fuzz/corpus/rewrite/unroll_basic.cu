// row_sum from the TIRx guide: the inner loop is expanded by tirx-pp.
#include "tirx.h"

__global__ void row_sum(const float *A, float *B, int n) {
  int row = blockIdx.x * 128 + threadIdx.x;
  if (row < n) {
    float total = 0.0f;
    for (int j = 0; j < 16; ++j) {
      #pragma tirx unroll
      for (int k = 0; k < 4; ++k) {
        total += A[row * 64 + j * 4 + k];
      }
    }
    B[row] = total;
  }
}

// The one annotated kernel: each thread sums a row of ROW_WIDTH floats, CHUNK
// at a time, with the inner loop expanded by tirx-pp.
#include "config.h"
#include "tirx.h"

__global__ void row_sum(const float *A, float *B, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) tirx_thread_return();
  float total = 0.0f;
  for (int j = 0; j < ROW_WIDTH / CHUNK; ++j) {
#pragma tirx unroll
    for (int k = 0; k < CHUNK; ++k) total += A[row * ROW_WIDTH + j * CHUNK + k];
  }
  B[row] = total;
}

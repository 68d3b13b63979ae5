#line 1 "grid.cu"
// grid: a loop nest; extents that are not literals are evaluated once.
#include "tirx.h"

__global__ void transpose(const float *A, float *B) {
  int row0 = blockIdx.x * 4, col0 = threadIdx.x * 4;
for (int r = 0; r < 4; ++r) for (int c = 0; c < 4; ++c)
  B[(col0 + c) * 64 + row0 + r] = A[(row0 + r) * 64 + col0 + c];
}

__global__ void fill(float *B, int rows, int cols) {
  { const auto __tirx_n_i = (rows); const auto __tirx_n_j = (cols / 2); for (int i = 0; i < __tirx_n_i; ++i) for (int j = 0; j < __tirx_n_j; ++j)
  {
    B[i * cols + j] = 0.f;
  } }
  for (int i = 0; i < 2; ++i) for (int j = 0; j < 2; ++j) for (int k = 0; k < 2; ++k) B[i * 4 + j * 2 + k] = 1.f;
}

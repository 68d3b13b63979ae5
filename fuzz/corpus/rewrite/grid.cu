// grid: a loop nest; extents that are not literals are evaluated once.
#include "tirx.h"

__global__ void transpose(const float *A, float *B) {
  int row0 = blockIdx.x * 4, col0 = threadIdx.x * 4;
#pragma tirx grid(r: 4, c: 4)
  B[(col0 + c) * 64 + row0 + r] = A[(row0 + r) * 64 + col0 + c];
}

__global__ void fill(float *B, int rows, int cols) {
  #pragma tirx grid(i: rows, j: cols / 2)
  {
    B[i * cols + j] = 0.f;
  }
  TIRX_GRID(i, 2, j, 2, k, 2) B[i * 4 + j * 2 + k] = 1.f;
}

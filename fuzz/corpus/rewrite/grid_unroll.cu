// grid(...) unroll: the whole nest expanded; break leaves the innermost index.
#include "tirx.h"

__global__ void gmax(const float *A, float *B) {
#pragma tirx grid(i: 2, j: 3) unroll
  B[i * 3 + j] = fmaxf(A[i * 3 + j], 0.f);
  TIRX_GRID_UNROLL(i, 2, j, 2) {
    if (A[i] < 0.f) break;
    if (A[j] < 0.f) continue;
    B[0] += 1.f;
  }
}

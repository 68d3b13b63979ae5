// TIRX_GRID with a dangling name.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_GRID(i, 2, j)
  a[0] = 0.f;
}

#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx grid(i: 4, j: 2, i: 8)
  a[i] = 0.f;
}

#include "tirx.h"
__global__ void k(float *a, int n) {
#pragma tirx unroll
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}

#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 5000; ++i) a[i] = 0.f;
}

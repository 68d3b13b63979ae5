#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 8; ++i) {
    a[i] = 0.f;
    i += 1;
  }
}

#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (unsigned char i = 0; i < 300; ++i) a[i] = 0.f;
}

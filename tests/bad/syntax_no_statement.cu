#include "tirx.h"
__global__ void k(float *a) {
  a[0] = 1.f;
#pragma tirx unroll
}
#pragma tirx elect
int x;

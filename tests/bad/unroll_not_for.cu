#include "tirx.h"
__global__ void k(float *a, int n) {
  TIRX_UNROLL
  while (n > 0) a[--n] = 0.f;
}

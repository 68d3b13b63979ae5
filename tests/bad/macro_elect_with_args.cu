// TIRX_ELECT is object-like: TIRX_ELECT(1) must not be accepted as TIRX_ELECT.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_ELECT(1)
  a[0] = 0.f;
}

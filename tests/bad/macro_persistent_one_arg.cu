// TIRX_PERSISTENT without the total.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_PERSISTENT(t)
  a[0] = 0.f;
}

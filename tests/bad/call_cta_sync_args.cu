// tirx_cta_sync() takes no arguments.
#include "tirx.h"
__global__ void k(float *a) {
  a[0] = 0.f;
  tirx_cta_sync(1);
}

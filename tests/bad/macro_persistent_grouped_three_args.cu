// TIRX_PERSISTENT_GROUPED without the group height.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_PERSISTENT_GROUPED(t, 64, 8)
  a[t] = 0.f;
}

// TIRX_WARPGROUPS(name) without the count: one error.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_WARPGROUPS(wg)
  a[0] = 0.f;
}

// TIRX_WARPGROUPS with an extra argument: one error.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_WARPGROUPS(wg, 2, 3)
  a[0] = 0.f;
}

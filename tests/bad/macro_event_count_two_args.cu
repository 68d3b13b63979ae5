// TIRX_EVENT_COUNT without the count.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_WARPGROUPS(wg, 1)
  TIRX_EVENT_COUNT(e, 2)
  a[0] = 0.f;
}

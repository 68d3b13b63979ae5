// TIRX_EVENT(name) without the slot count.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_WARPGROUPS(wg, 1)
  TIRX_EVENT(e)
  a[0] = 0.f;
}

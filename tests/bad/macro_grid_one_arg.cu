// TIRX_GRID needs (name, extent) pairs.
#include "tirx.h"
__global__ void k(float *a) {
  TIRX_GRID(i)
  a[0] = 0.f;
}

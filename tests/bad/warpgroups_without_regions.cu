#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
  a[0] = 0.f;
}

// The order's arguments are read after the tile index is declared too.
#include "tirx.h"
__global__ void k(float *out, int t, int total) {
#pragma tirx persistent(t: total) order(grouped(t, 4))
  out[t] = 1.f;
}

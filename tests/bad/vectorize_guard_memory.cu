// A guard read from memory: the lanes that y[b + v] reaches are known only
// lane by lane.
#include "tirx.h"
__global__ void masked(const int *mask, const float *x, float *y, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v)
    if (mask[b + v] != 0) y[b + v] = x[b + v];
}

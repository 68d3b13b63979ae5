// An access inside a loop of the body runs as many times as that loop turns,
// maybe never: a vector load and store would touch it anyway.
#include "tirx.h"
__global__ void repeat(float *y, int b, int n) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v)
    for (int k = 0; k < n; ++k) y[b + v] += 1.f;
}

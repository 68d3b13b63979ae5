// The guard reads a pointer to const that the body moves: `const float *q`
// is a pointer that may change (only what it points to is const), so its
// value before the loop says nothing about the lanes.
#include "tirx.h"
__global__ void k(const float *x, float *y, const float *q, const float *end, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    if (q + v < end) y[b + v] = x[b + v];
    q++;
  }
}

// A masked store on a value of the body: the loop writes only the lanes where
// t > 0; a vector store would write the others too (racing with whoever owns
// them). The condition cannot be tested before the loop.
#include "tirx.h"
__global__ void positive(const float *x, float *y, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    float t = x[b + v];
    if (t > 0.f) y[b + v] = t;
  }
}

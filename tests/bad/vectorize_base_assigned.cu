// The base of p[b + v] changes in the body: the loop writes p[b], p[b + 5],
// p[b + 10], p[b + 15]; one vector at p[b] would write four others.
#include "tirx.h"
__global__ void spread(float *p, int b) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    p[b + v] = 1.f;
    b += 4;
  }
}

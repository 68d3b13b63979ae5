// The array pointer moves in the body: p[v] is another element in each lane.
#include "tirx.h"
__global__ void walk(float *p) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    p[v] = 0.f;
    p++;
  }
}

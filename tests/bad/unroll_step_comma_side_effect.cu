// The step's own part is '++i'; the side effect the copies would drop is '++p'.
#include "tirx.h"
__global__ void k(float *p, float *out) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i, ++p) out[i] = *p;
}

#include "tirx.h"
#define BAIL if (a[0]) break
__global__ void k(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) { BAIL; a[i] = 0; }
}

// grid before a loop nest of the same names: the loops' counters hide the
// grid's indices, and the whole nest runs 8 times (not a collapse).
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx grid(i: 2, j: 4)
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) a[threadIdx.x * 8 + i * 4 + j] += 1.f;
}

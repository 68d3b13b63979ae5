// A grid index or a persistent tile changed other than by its name: each
// copy of an unrolled grid, and each iteration of a persistent loop, sets it
// itself, so the change would not carry as the loop it stands for would.
#include "tirx.h"
__device__ void bump(int &x) { x++; }
__global__ void unrolled(int *a) {
#pragma tirx grid(j: 4) unroll
  {
    a[j] = 1;
    bump(j);
  }
}

// The guard's bound is a local whose address the function gives away: the
// body may change it through the pointer, so its value before the loop says
// nothing about the lanes.
#include "tirx.h"
__device__ void shrink(int *n) { --*n; }
__global__ void k(float *y, int b, int n) {
  int left = n;
  int *p = &left;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    if (b + v < left) y[b + v] = 0.f;
    shrink(p);
  }
}

#include "tirx.h"
__global__ void k(float *a, int n) {
#pragma tirx grid(4)
  a[0] = 0.f;
#pragma tirx grid(i: 2, j: 2, k: 2, l: 2, m: 2)
  a[0] = 0.f;
#pragma tirx grid(i: 2) fast
  a[i] = 0.f;
#pragma tirx grid(i: n) unroll
  a[i] = 0.f;
#pragma tirx grid(i: 100, j: 100) unroll
  a[i] = 0.f;
}

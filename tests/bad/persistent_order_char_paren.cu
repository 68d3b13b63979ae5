// A character literal in an order's argument: the ")" in it closes nothing
// (grid.c matched brackets on its own, without literals, and said
// "'grouped' takes 2 arguments").
#include "tirx.h"
__device__ int cols(char c) { return c == 0x29 ? 4 : 2; }
__global__ void k(float *a, int n) {
#pragma tirx persistent(t: n) order(grouped(cols(')'), 2))
  a[t] = 0.f;
}

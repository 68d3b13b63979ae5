// The loop variable bound to a reference through '?:': the reference may be the
// loop variable, and the expanded copies would not carry its change.
#include "tirx.h"
__global__ void pick(int *a, int c) {
  int j = 0;
#pragma tirx unroll
  for (int i = 0; i < 4; i++) {
    int &r = c ? i : j;
    r += 1;
    a[i] = 0;
  }
}

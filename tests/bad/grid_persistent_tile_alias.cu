// A grid index or a persistent tile changed other than by its name: each
// copy of an unrolled grid, and each iteration of a persistent loop, sets it
// itself, so the change would not carry as the loop it stands for would.
#include "tirx.h"
__global__ void persistent(int *a, int n) {
#pragma tirx persistent(t: n) order(longest_first(4, 1))
  {
    a[t] = 1;
    int &r = t;
    r += 2;
  }
}

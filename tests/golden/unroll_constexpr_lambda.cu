// A lambda is constexpr when it can be: one that computes a constant with an
// unrolled loop that breaks gets the copies without goto (a flag and
// do-while(0)), as a constexpr function does, so that it stays a constant.
#include "tirx.h"
__global__ void k(int *a) {
  constexpr int r = [] {
    int s = 0;
#pragma tirx unroll
    for (int i = 0; i < 4; ++i) {
      if (i == 2) break;
      s += i;
    }
    return s;
  }();
  a[0] = r;
}

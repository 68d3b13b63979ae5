// The loop variable changed through a call that takes it by reference: each expanded copy declares its
// own `i`, so the change would not carry to the next iteration.
#include "tirx.h"
__device__ void bump(int &x) { x++; }
__global__ void call(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    a[i] = 1;
    bump(i);
  }
}

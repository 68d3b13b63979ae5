// The loop variable changed through a pointer: each expanded copy declares its
// own `i`, so the change would not carry to the next iteration.
#include "tirx.h"
__global__ void pointer(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    int *p = &i;
    *p += 1;
    a[i] = 0;
  }
}

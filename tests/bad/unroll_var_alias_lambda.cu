// The loop variable changed through a lambda made before the loop: each expanded copy declares its
// own `i`, so the change would not carry to the next iteration.
#include "tirx.h"
__global__ void lambda(int *a) {
  int i;
  auto skip = [&] { i++; };
#pragma tirx unroll
  for (i = 0; i < 4; ++i) {
    a[i] = 0;
    skip();
  }
}

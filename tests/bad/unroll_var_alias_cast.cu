// The loop variable assigned through a cast to a reference: not by its name,
// but the same object.
#include "tirx.h"
__global__ void bump(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; i++) {
    a[i] = 0;
    static_cast<int &>(i) += 1;
  }
}

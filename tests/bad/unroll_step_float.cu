// A step that is a constant but not an integer: the loop adds what it
// converts to, not 1.5; tirx-pp takes no guess at that.
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; i += 1.5) a[i] = 0;
}

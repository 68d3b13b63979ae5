// CRLF line endings are kept, and generated lines use them too.
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) {
    a[i] = 0.f;
  }
  /* café — UTF-8 */
}

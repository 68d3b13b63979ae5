// -Werror: the warning of warn_empty_loop.cu becomes an error.
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 4; i < 4; ++i) a[i] = 0.f;
}

// A loop under unroll that never runs is a warning (an error under -Werror).
#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 4; i < 4; ++i) a[i] = 0.f;
}

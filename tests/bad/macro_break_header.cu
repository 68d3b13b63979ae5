#include "tirx.h"
#include "macro_break_header.h"
__global__ void k(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) { BAIL; a[i] = 0; }
}

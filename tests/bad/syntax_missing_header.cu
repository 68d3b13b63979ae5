// A header clang cannot find breaks the parse of what uses it: the note says so.
#include "tirx.h"
#include "no_such_header.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < kFromTheHeader; ++i) a[i] = 0.f;
}

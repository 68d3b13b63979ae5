#include "tirx.h"
__global__ void k(float *a) {
  undeclared_elsewhere();  // not ours to report: outside any annotated construct
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = missing_function(i);
}

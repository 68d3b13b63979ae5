// A conditional between the annotation and its statement: the statement is
// one side of it, which the construct would wrap without the other.
#include "tirx.h"
__global__ void k(float *x, const float *y) {
#pragma tirx grid(j: 4) unroll
#ifdef USE_FAST
  x[j] = __expf(y[j]);
#else
  x[j] = expf(y[j]);
#endif
}

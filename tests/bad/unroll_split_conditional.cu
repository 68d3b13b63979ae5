// An unbraced body whose two sides are chosen by the preprocessor: the
// statement under the annotation ends inside the conditional (at the side
// that is compiled), so its copies would split '#ifdef ... #endif'. Braces
// around the body keep the whole conditional in each copy.
#include "tirx.h"
__global__ void k(float *x, const float *y) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i)
#ifdef USE_FAST
    x[i] = __expf(y[i]);
#else
    x[i] = expf(y[i]);
#endif
}

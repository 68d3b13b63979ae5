// An annotation inside a macro's argument: the statement after it is what the
// macro's expansion makes of it, and tirx-pp rewrites the file's text. The
// error said "expected a statement after 'TIRX_UNROLL'" at the 'for', which is
// there; it now names the macro argument as the cause.
#include "tirx.h"
#define KERNEL(name, body) __global__ void name(float *y, const float *x, int b) body
KERNEL(k, {
  TIRX_UNROLL
  for (int v = 0; v < 4; ++v)
    y[b + v] = x[b + v] * 2.f;
})

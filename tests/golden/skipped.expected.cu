#line 1 "skipped.cu"
// Annotations in blocks the preprocessor skips are left alone.
#include "tirx.h"
__global__ void k(float *a) {
#if 0
#pragma tirx unroll
  for (int i = 0; i < n; ++i) a[i] = 0.f;
#endif
#ifdef TIRX_GOLDEN_UNDEFINED
  tirx_region_sync();
#endif
{
  { int i = 0; a[i] = 1.f; }
#line 12 "skipped.cu"
  { int i = 1; a[i] = 1.f; } }
}

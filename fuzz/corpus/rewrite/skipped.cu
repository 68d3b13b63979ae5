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
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = 1.f;
}

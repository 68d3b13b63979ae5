#line 1 "hints.cu"
// unroll(N) and serial become nvcc's own pragma, in the spelling that fits.
#include "tirx.h"

__global__ void hints(float *a, int n) {
#pragma unroll 4
  for (int i = 0; i < n; ++i) a[i] += 1.f;
#pragma unroll 1
  for (int i = 0; i < n; ++i) a[i] *= 2.f;
  _Pragma("unroll 8") for (int i = 0; i < n; ++i) a[i] -= 1.f;
  _Pragma("unroll 1") while (n > 0) { --n; }
  // Literals as C++ writes them: a suffix, digit separators.
#pragma unroll 4u
  for (int i = 0; i < n; ++i) a[i] += 3.f;
#pragma unroll 1'000
  for (int i = 0; i < n; ++i) a[i] += 4.f;
}

// unroll(N) and serial become nvcc's own pragma, in the spelling that fits.
#include "tirx.h"

__global__ void hints(float *a, int n) {
#pragma tirx unroll(4)
  for (int i = 0; i < n; ++i) a[i] += 1.f;
#pragma tirx serial
  for (int i = 0; i < n; ++i) a[i] *= 2.f;
  TIRX_UNROLL_N(8) for (int i = 0; i < n; ++i) a[i] -= 1.f;
  TIRX_SERIAL while (n > 0) { --n; }
  // Literals as C++ writes them: a suffix, digit separators.
#pragma tirx unroll(4u)
  for (int i = 0; i < n; ++i) a[i] += 3.f;
#pragma tirx unroll(1'000)
  for (int i = 0; i < n; ++i) a[i] += 4.f;
}

// A factor from a call: nvcc would call the constexpr (host) function from
// device code in its pragma and reject it, so the value tirx-pp read is written;
// a named constant stays as written.
constexpr int half_of(int x) { return x / 2; }
constexpr int kFactor = 2;
__global__ void hints_expr(float *a, int n) {
#pragma tirx unroll(half_of(8))
  for (int i = 0; i < n; ++i) a[i] += 1.f;
#pragma tirx unroll(kFactor)
  for (int i = 0; i < n; ++i) a[i] += 2.f;
}

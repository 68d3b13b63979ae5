// #line keeps __LINE__ (and nvcc's errors) on the original lines inside and
// after every rewritten construct: each static_assert below holds only if the
// output maps back to this file line for line. tests/golden_nvcc compiles it.
#include "tirx.h"
#define AT(n) static_assert(__LINE__ == (n), "line mapping")

__global__ void k(float *a, const float *b) {
  AT(8);
#pragma tirx unroll
  for (int i = 0; i < 3; ++i) {
    AT(11);
    a[i] += 1.f;
    AT(13);
  }
  AT(15);
#pragma tirx grid(i: 2, j: 2) unroll
  {
    AT(18);
    a[i * 2 + j] = 0.f;
  }
  AT(21);
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    AT(24);
    a[v] = b[v] * 2.f;
  }
  AT(27);
  TIRX_UNROLL for (int i = 0; i < 2; ++i) { AT(28); a[i] = 1.f; } AT(28);
  AT(29);
#pragma tirx unroll
  for (int i = 0; i < 2; ++i)
#pragma tirx unroll
    for (int j = 0; j < 2; ++j) {
      AT(34);
    }
  AT(36);
}

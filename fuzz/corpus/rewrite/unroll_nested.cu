// Constructs compose: an unrolled loop inside a grid inside an unrolled loop.
#include "tirx.h"

__global__ void nested(float *out) {
  float acc = 0.f;
#pragma tirx unroll
  for (int a = 0; a < 2; ++a) {
#pragma tirx grid(r: 2, c: 3)
    {
#pragma tirx unroll
      for (int k = 0; k < 2; ++k) {
        if (k == a) continue;
        acc += out[r * 3 + c] * (a + k);
      }
    }
  }
  out[0] = acc;
}

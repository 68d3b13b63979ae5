#include "tirx.h"
__global__ void k(float *a, int n) {
#pragma tirx unroll
  for (int i = 0; i * 2 < 8; ++i) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 0; i < 8; i *= 2) a[i] = 0.f;
#pragma tirx unroll
  for (float f = 0; f < 8; f += 1) a[0] = f;
#pragma tirx unroll
  for (int i = 0; i < 8; i += n) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 0; i < 8; i += 0) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 2147483600; i < 2147483647; i += 40) a[0] = 0.f;
#pragma tirx unroll
  for (;;) break;
}

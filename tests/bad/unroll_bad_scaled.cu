#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 8; i *= 2) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 1; i < 8; i *= 1) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 8; i > 0; i /= 0) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 8; i > 0; i >>= 32) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 8; i >= 0; i >>= 1) a[i] = 0.f;
#pragma tirx unroll
  for (int i = 1; i > 0; i <<= 1) a[0] = 0.f;
#pragma tirx unroll
  for (int i = 8; i > 0; i %= 3) a[i] = 0.f;
}

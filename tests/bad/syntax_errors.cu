#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx unrol
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
#pragma tirx grid(i: 4
  a[0] = 0.f;
#pragma tirx
  a[0] = 0.f;
#pragma tirx unroll(4) fast
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
#pragma tirx serial(2)
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
#pragma tirx unroll(2, 3)
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}

#include "tirx.h"
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a) {
#pragma tirx launch cluster(16)
  k<<<16, 32>>>(a);
}

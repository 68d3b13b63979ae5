#include "tirx.h"
__global__ void k(float *a) { a[0] = 0.f; }
void run(float *a) {
#pragma tirx launch cluster(4, 4)
  k<<<dim3(4, 4), 32>>>(a);
}

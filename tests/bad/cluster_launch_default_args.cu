// A cluster launch that leaves a default argument out: cudaLaunchKernelEx takes every argument, and
// nvcc rejected the output.
#include "tirx.h"
__global__ void k(float *a, int n = 4) { a[0] = n; }
void run(float *a) {
#pragma tirx launch cluster(2)
  k<<<8, 32>>>(a);
}

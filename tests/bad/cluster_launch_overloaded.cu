// An overloaded kernel: the launch passes it as a function pointer, which the name alone does not pick;
// nvcc rejected the output (any launch, with or without cluster).
#include "tirx.h"
__global__ void k(float *a) { a[0] = 0; }
__global__ void k(double *a) { a[0] = 0; }
void run(float *a) {
#pragma tirx launch cluster(2)
  k<<<8, 32>>>(a);
}

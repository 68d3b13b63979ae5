#include "tirx.h"
// a grid barrier in a kernel that takes its work by blockIdx.x alone (no persistent loop)
__global__ void k(float *x, unsigned *counter) {
#pragma tirx event all grid(counter) count(gridDim.x)
  x[blockIdx.x * 128 + threadIdx.x] = 1.f;
#pragma tirx trigger all
#pragma tirx wait all
  x[gridDim.x * 128 + blockIdx.x * 128 + threadIdx.x] = x[((blockIdx.x + 1) % gridDim.x) * 128 + threadIdx.x];
}
void run(float *x, unsigned *c, int b) {
  k<<<b, 128>>>(x, c);
}

#include "tirx.h"
// a grid barrier in each step of a loop, on one counter
__global__ void jacobi(float *x, float *y, unsigned *counter, int steps) {
#pragma tirx event sync grid(counter) count(gridDim.x)
  for (int s = 0; s < steps; ++s) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = x[i] + 1.f;
#pragma tirx trigger sync
#pragma tirx wait sync
    x[i] = y[(i + blockDim.x) % (gridDim.x * blockDim.x)];
  }
}
void run(float *x, float *y, unsigned *c, int b, int steps) {
  void *args[] = {&x, &y, &c, &steps};
  cudaLaunchCooperativeKernel((const void *)jacobi, dim3(b), dim3(128), args, 0, 0);
}

#include "tirx.h"
__global__ void k(float *x, unsigned *counter) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event all grid(counter) count(gridDim.x)
#pragma tirx async(wg == 0)
  {
    x[blockIdx.x * 128 + threadIdx.x] = 1.f;
#pragma tirx trigger all
#pragma tirx wait all
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx wait all
    x[gridDim.x * 128 + blockIdx.x * 128 + threadIdx.x - 128] = x[((blockIdx.x + 1) % gridDim.x) * 128 + threadIdx.x - 128];
  }
}
void run(float *x, unsigned *c, int b) {
  void *args[] = {&x, &c};
  cudaLaunchCooperativeKernel((const void *)k, dim3(b), dim3(256), args, 0, 0);
}

#include "tirx.h"
// A grid barrier launched through cudaLaunchKernelEx without the cooperative
// attribute: nothing keeps the blocks resident.
__global__ void k(float *x, unsigned *counter) {
#pragma tirx event all grid(counter) count(gridDim.x)
  x[blockIdx.x * 128 + threadIdx.x] = 1.f;
#pragma tirx trigger all
#pragma tirx wait all
  x[gridDim.x * 128 + blockIdx.x * 128 + threadIdx.x] = x[((blockIdx.x + 1) % gridDim.x) * 128 + threadIdx.x];
}
cudaError_t run(float *x, unsigned *c, int b, cudaStream_t s) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(b), cfg.blockDim = dim3(128), cfg.stream = s;
  return cudaLaunchKernelEx(&cfg, k, x, c);
}

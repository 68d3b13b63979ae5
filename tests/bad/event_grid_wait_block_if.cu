#include "tirx.h"
// every block arrives; block 0 alone waits and sums
__global__ void finalize(float *x, float *out, unsigned *counter) {
#pragma tirx event done grid(counter) count(gridDim.x)
  x[blockIdx.x * blockDim.x + threadIdx.x] = 1.f;
#pragma tirx trigger done
#pragma tirx uniform
  if (blockIdx.x == 0) {
    tirx_wait(done);
    float s = 0; for (int b = 0; b < gridDim.x; ++b) s += x[b * blockDim.x + threadIdx.x];
    out[threadIdx.x] = s;
  }
}
void run(float *x, float *o, unsigned *c, int b) {
  void *args[] = {&x, &o, &c};
  cudaLaunchCooperativeKernel((const void *)finalize, dim3(b), dim3(128), args, 0, 0);
}

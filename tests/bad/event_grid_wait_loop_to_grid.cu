#include "tirx.h"
// A grid barrier, then block 0 sums every block's part: the loop counts to
// gridDim.x but walks no work items, and grid(persistent) runs no more
// blocks than fit, so with more blocks asked the parts of the others are
// never written.
__global__ void k(const float *in, float *part, float *sum, unsigned *counter) {
#pragma tirx event all grid(counter) count(gridDim.x)
  part[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x] * 2.f;
#pragma tirx trigger all
#pragma tirx wait all
  if (blockIdx.x == 0) {
    float s = 0.f;
    for (int b = 0; b < gridDim.x; ++b) s += part[b * 128 + threadIdx.x];
    sum[threadIdx.x] = s;
  }
}
void run(const float *in, float *part, float *sum, unsigned *c, int blocks) {
#pragma tirx launch grid(persistent)
  k<<<blocks, 128>>>(in, part, sum, c);
}

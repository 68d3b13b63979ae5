#include "tirx.h"
__global__ void k(float *x, unsigned *counters, int n) {
#pragma tirx event met[1] grid(counters) count(gridDim.x)
#pragma tirx persistent(item: n)
  {
    x[item * 128 + threadIdx.x] += 1.f;
#pragma tirx trigger met[0]
#pragma tirx wait met[0]
  }
}
void run(float *x, unsigned *c, int n) {
#pragma tirx launch grid(persistent)
  k<<<n, 128>>>(x, c, n);
}

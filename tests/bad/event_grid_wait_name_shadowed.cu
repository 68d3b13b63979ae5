#include "tirx.h"
// A host function without annotations, read as text, declares a variable
// named like the kernel: tirx-pp cannot tell which 'k' its uses name.
__global__ void k(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
#pragma tirx persistent(item: groups * per_group)
  {
    x[item * blockDim.x + threadIdx.x] += 1.f;
    tirx_trigger(met[item / per_group]);
    tirx_wait(met[item / per_group]);
  }
}
void clear(float *h) {
  for (int k = 0; k < 4; ++k) h[k] = 0.f;
}
void run(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx launch grid(persistent)
  k<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

#include "tirx.h"
// A plain launch in a block only the host pass compiles, next to a
// persistent one: it is a launch all the same.
__global__ void k(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
#pragma tirx persistent(item: groups * per_group)
  {
    x[item * blockDim.x + threadIdx.x] += 1.f;
    tirx_trigger(met[item / per_group]);
    tirx_wait(met[item / per_group]);
  }
}
void run(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx launch grid(persistent)
  k<<<groups * per_group, 128>>>(x, counters, groups, per_group);
#ifndef __CUDA_ARCH__
  k<<<groups * per_group, 128>>>(x, counters, groups, per_group);
#endif
}

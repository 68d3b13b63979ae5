#include "tirx.h"
// The kernel's address kept in a pointer, then launched through it: tirx-pp
// cannot follow the pointer to its launch.
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
  auto again = k;
  again<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

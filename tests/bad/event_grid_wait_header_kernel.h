#pragma once
#include "tirx.h"
// A kernel with group barriers and its persistent launch, in a header.
__global__ void k_in_header(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
#pragma tirx persistent(item: groups * per_group)
  {
    x[item * blockDim.x + threadIdx.x] += 1.f;
    tirx_trigger(met[item / per_group]);
    tirx_wait(met[item / per_group]);
  }
}
inline void run_k_in_header(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx launch grid(persistent)
  k_in_header<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

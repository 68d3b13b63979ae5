#include "tirx.h"
// Group barriers in a kernel that takes its work by blockIdx alone, launched
// grid(persistent): with more items than fit at once, the blocks beyond are
// never launched, so the last group can wait for ever and their items are
// never done.
__global__ void k(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
  x[blockIdx.x * blockDim.x + threadIdx.x] += 1.f;
  tirx_trigger(met[blockIdx.x / per_group]);
  tirx_wait(met[blockIdx.x / per_group]);
}
void run(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx launch grid(persistent)
  k<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

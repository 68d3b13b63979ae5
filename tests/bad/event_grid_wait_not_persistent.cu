#include "tirx.h"
// Every block of a group arrives, then waits for the others: with more
// blocks than the GPU holds at once, the first blocks spin for ones that
// cannot start until they leave.
__global__ void k(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
  x[blockIdx.x * blockDim.x + threadIdx.x] += 1.f;
  tirx_trigger(met[blockIdx.x / per_group]);
  tirx_wait(met[blockIdx.x / per_group]);
}
void run(float *x, unsigned *counters, int groups, int per_group) {
  k<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

#include "tirx.h"
// A persistent launch, and a second launch of the same kernel through
// cudaLaunchKernel, with a grid of one block per item: its first blocks can
// spin for blocks that never start.
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
  void *args[] = {&x, &counters, &groups, &per_group};
  cudaLaunchKernel((const void *)k, dim3(groups * per_group), dim3(128), args, 0, 0);
}

#include "tirx.h"
__global__ void k(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
  x[blockIdx.x * blockDim.x + threadIdx.x] += 1.f;
  tirx_trigger(met[blockIdx.x / per_group]);
  tirx_wait(met[blockIdx.x / per_group]);
}

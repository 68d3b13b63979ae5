#include "tirx.h"
// Group barriers in a persistent loop that takes its tiles in grouped
// order: the tiles of one group are not consecutive in the order the blocks
// take them, and a block can wait for a tile that only it would take later.
__global__ void k(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
#pragma tirx persistent(tile: groups * per_group) order(grouped(16, 4))
  {
    x[tile * blockDim.x + threadIdx.x] += 1.f;
    tirx_trigger(met[tile / per_group]);
    tirx_wait(met[tile / per_group]);
  }
}
void run(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx launch grid(persistent)
  k<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

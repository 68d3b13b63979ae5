#include "tirx.h"
// The kernel handed to a launcher of the program's own, which launches it
// with a grid tirx-pp does not see.
template <class K, class... A>
void launch_with(K kernel, int blocks, A... args) {
  kernel<<<blocks, 128>>>(args...);
}
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
  launch_with(k, groups * per_group, x, counters, groups, per_group);
}

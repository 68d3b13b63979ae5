// Region errors: overlap, an index no region runs (a warning), register
// counts, a missing partition, a region that is not a block, a predicate
// that is not a function of the index.
#include "tirx.h"
__global__ void no_partition(float *a) {
#pragma tirx async(threadIdx.x < 128)
  { a[0] = 0.f; }
}
__global__ void k(float *a, int n) {
#pragma tirx warpgroups(wg: 4)
#pragma tirx async(wg <= 1) regs(40)
  { a[0] = 0.f; }
#pragma tirx async(wg == 1)
  { a[1] = 0.f; }
#pragma tirx async(wg == 3) regs(236)
  { a[3] = 0.f; }
  a[2] = 0.f;
#pragma tirx async(wg == n)
  { a[4] = 0.f; }
#pragma tirx async(wg == 0)
  a[5] = 0.f;
#pragma tirx async(wg == 9)
  { a[6] = 0.f; }
}
__global__ void budget(float *a) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0) regs(256)
  { a[0] = 0.f; }
#pragma tirx async(wg >= 1) regs(256)
  { a[1] = 0.f; }
}
__global__ void half_warpgroup(float *a) {
#pragma tirx warps(w: 8)
#pragma tirx async(w < 2) regs(40)
  { a[0] = 0.f; }
#pragma tirx async(w >= 2)
  { a[1] = 0.f; }
}

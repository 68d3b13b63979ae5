// A local written under elect and read after it: accepted where no lane is
// named by number, or once every lane has a value of its own again
// (docs/threads.md: what the elected statement may do).
#include "tirx.h"

// The elected lane's number, found by a vote, names the lane to read from.
__global__ void leader_lane(int *count, int *out) {
  int base = 0;
  const bool mine = tirx_elect_sync();
  if (mine) base = atomicAdd(count, 32);
  const int leader = __ffs(__ballot_sync(0xffffffffu, mine)) - 1;
  base = __shfl_sync(0xffffffffu, base, leader);
  out[base + threadIdx.x % 32] = 1;
}

// `base = ...;` in every lane after the elect replaces the elected value.
__global__ void replaced(int *count, int *out) {
  int base = 0;
#pragma tirx elect
  base = atomicAdd(count, 1);
  base = out[threadIdx.x];
  out[__shfl_sync(0xffffffffu, base, 0) + threadIdx.x % 32] = 1;
}

// A shuffle before the elect reads what every lane computed.
__global__ void shuffled_before(const int *in, int *total) {
  int v = in[threadIdx.x];
  v = __shfl_sync(0xffffffffu, v, 0);
#pragma tirx elect
  atomicAdd(total, v);
}

// Lane 0's own test stays a lane test: not an elect.
__global__ void lane_zero(int *count, int *out) {
  int base = 0;
  if (threadIdx.x % 32 == 0) base = atomicAdd(count, 32);
  base = __shfl_sync(0xffffffffu, base, 0);
  out[base + threadIdx.x % 32] = 1;
}

// An atomic made under the elect: its old value is the elected lane's, the
// only one that makes it.
__global__ void atomic_under_elect(int *count, int *out) {
#pragma tirx elect
  {
    int slot = atomicAdd(count, 1);
    out[slot] = (int)blockIdx.x;
  }
}

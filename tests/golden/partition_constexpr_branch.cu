// A partition in one branch of `if constexpr`: __launch_bounds__ would bind
// the other instantiation too (k<false> launches 1024 threads), so the kernel
// gets none; its regions set no registers, which would need them.
#include "tirx.h"

template <bool SPLIT>
__global__ void k(float *out) {
  if constexpr (SPLIT) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
    { out[threadIdx.x] = 1.f; }
#pragma tirx async(wg == 1)
    { out[threadIdx.x] = 2.f; }
  } else {
    out[threadIdx.x] = 3.f;
  }
}

void run(float *out) {
  k<true><<<1, 256>>>(out);
  k<false><<<1, 1024>>>(out);
}

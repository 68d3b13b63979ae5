// regs() in a partition under one branch of `if constexpr`: the launch bounds
// setmaxnreg needs would stop k<false> (1024 threads) from launching.
#include "tirx.h"
template <bool WS>
__global__ void k(float *out) {
  if constexpr (WS) {
#pragma tirx warpgroups(wg: 2)
    {
#pragma tirx async(wg == 0) regs(240)
      { out[threadIdx.x] = 1.f; }
#pragma tirx async(wg == 1) regs(24)
      { out[threadIdx.x] = 2.f; }
    }
  } else {
    out[threadIdx.x] = 3.f;
  }
}
void run(float *o) { k<true><<<1, 256>>>(o); k<false><<<1, 1024>>>(o); }

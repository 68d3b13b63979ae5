// A partition whose count is an expression of a macro (a build-time choice,
// as -DCONSUMERS=3 would make it): the output keeps the lowering tirx-pp
// read (launch bounds, the arrival count of `full`) and asks nvcc to check
// the count again, so that an nvcc run with other -D flags fails to compile
// instead of building a kernel whose events count the wrong warpgroups.
#include "tirx.h"

#ifndef CONSUMERS
#define CONSUMERS 2
#endif
constexpr int kConsumers = CONSUMERS;

__global__ void k(float *out) {
  __shared__ float stage[128];
#pragma tirx warpgroups(wg: 1 + kConsumers)
#pragma tirx event full
#pragma tirx async(wg == 0)
  {
    stage[threadIdx.x] = 1.f;
    tirx_trigger(full);
  }
#pragma tirx async(wg >= 1)
  {
    tirx_wait(full);
    out[threadIdx.x - 128] = stage[threadIdx.x % 128] * wg;
  }
}

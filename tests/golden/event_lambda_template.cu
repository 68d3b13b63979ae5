// A trigger in a lambda called once, in a kernel template: the call stays
// unresolved in the template, its callee the lambda's variable; it runs where
// it is called, so its arrivals are counted (128).
#include "tirx.h"

template <int D>
__global__ void k(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full
#pragma tirx async(wg == 0)
  {
    auto release = [&]() { tirx_trigger(full); };
    out[threadIdx.x] = D;
    release();
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full);
    out[threadIdx.x] += D;
  }
}

template __global__ void k<64>(float *, int);

#line 1 "event_lambda_template.cu"
// A trigger in a lambda called once, in a kernel template: the call stays
// unresolved in the template, its callee the lambda's variable; it runs where
// it is called, so its arrivals are counted (128).
#include "tirx.h"

template <int D>
__global__ void __launch_bounds__(256, 1) k(float *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full; tirx_event_init(&full, 1, 128); uint32_t __tirx_phase_1_full = 0u;
if (wg == 0)
  {
    auto release = [&]() { tirx_mbar_arrive(&full); };
    out[threadIdx.x] = D;
    release();
  }
else if (wg == 1)
  {
    tirx_event_wait(&full, __tirx_phase_1_full, 0);
    out[threadIdx.x] += D;
  }
}

template __global__ void k<64>(float *, int);

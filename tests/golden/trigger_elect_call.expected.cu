#line 1 "trigger_elect_call.cu"
// Two consumer warps each hand the slot back from one elected lane (an elect
// written by hand, tirx_elect_one_sync(), as CuTe's elect_one_sync()): 2
// arrivals a phase, count(2).
#include "tirx.h"
__global__ void __launch_bounds__(128, 1) k(float *out, int n) {
  __shared__ float buf[8];
const int w = tirx_warp_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, (2)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, (2)); uint32_t __tirx_phase_0_empty = ~0u;
if (w < 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(empty, __tirx_phase_0_empty, kt % 2);
      if (threadIdx.x % 32 == 0) tirx_event_arrive_bytes(&full[kt % 2], 0, true);
    }
  }
else if (w >= 2)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(full, __tirx_phase_1_full, kt % 2);
      if (threadIdx.x % 32 == 0) buf[w] += 1;
      if (tirx_elect_one_sync()) tirx_mbar_arrive(&empty[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[2] + buf[3];
}

#line 1 "split_producers.cu"
// Two producer warps in one region, each filling its own ring (A and B of a
// GEMM, as separate rings), the byte trigger under the `if` that picks the
// thread that issues the copy (count(1)). Warp 1 is not the region's first
// warp: the deadlock check counts its trigger all the same (it reported a
// deadlock here before), and no deadlock is reported.
#include "tirx.h"
__global__ void __launch_bounds__(384, 1) two_rings(float *out, int n) {
  __shared__ float buf[8];
const int w = tirx_warp_index();
__shared__ uint64_t fullA[4]; tirx_event_init(fullA, 4, (1)); uint32_t __tirx_phase_1_fullA = 0u;
__shared__ uint64_t emptyA[4]; tirx_event_init(emptyA, 4, 8); uint32_t __tirx_phase_0_emptyA = ~0u;
__shared__ uint64_t fullB[2]; tirx_event_init(fullB, 2, (1)); uint32_t __tirx_phase_1_fullB = 0u;
__shared__ uint64_t emptyB[2]; tirx_event_init(emptyB, 2, 8); uint32_t __tirx_phase_0_emptyB = ~0u;
if (w < 4)
  {
    if (w == 0) {
      for (int kt = 0; kt < n; ++kt) {
        tirx_event_wait(emptyA, __tirx_phase_0_emptyA, kt % 4);
        if (threadIdx.x == 0) tirx_event_arrive_bytes(&fullA[kt % 4], 0, true);
      }
    } else if (w == 1) {
      for (int kt = 0; kt < n; ++kt) {
        tirx_event_wait(emptyB, __tirx_phase_0_emptyB, kt % 2);
        if (threadIdx.x == 32) tirx_event_arrive_bytes(&fullB[kt % 2], 0, true);
      }
    }
  }
else if (w >= 4)
  {
    for (int kt = 0; kt < n; ++kt) {
      tirx_event_wait(fullA, __tirx_phase_1_fullA, kt % 4);
      tirx_event_wait(fullB, __tirx_phase_1_fullB, kt % 2);
      if (threadIdx.x % 32 == 0) buf[w % 8] += 1;
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&emptyA[kt % 4]);
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&emptyB[kt % 2]);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

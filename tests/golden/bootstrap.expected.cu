#line 1 "bootstrap.cu"
// Seed 003's protocol: the consumer seeds every 'empty' slot before its loop
// (the bootstrap), so no 'ready' is needed and there is no deadlock. Events in
// macro spelling, the partition in warps, a byte trigger under elect.
#include "tirx.h"
constexpr int STAGES = 4;
__global__ void __launch_bounds__(256, 1) pipe(const float *in, float *out, int n) {
  __shared__ float buf[STAGES][128];
  const int w = tirx_warp_index();;
  __shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 4); uint32_t __tirx_phase_1_full = 0u;;
  __shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 128); uint32_t __tirx_phase_0_empty = 0u;;
  __shared__ uint64_t done[1]; tirx_event_init(done, 1, (128));;
  if (w < 4) {
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&full[s]);
    }
  }
  else if (w >= 4) { tirx_setmaxnreg_dec<24>();
#pragma unroll 1
    for (int s = 0; s < STAGES; ++s) tirx_mbar_arrive(&empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
    tirx_mbar_arrive(&done[0]);
  }
  tirx_mbar_wait_parity(&done[0], 0);
}

#line 1 "trigger_bytes_site.cu"
// tirx_trigger_bytes under an 'if' arrives from the threads that reach it
// (here thread 32, the one that would issue the copy), with the count the
// event declares; directly in the region, from the region's first thread.
#include "tirx.h"
constexpr int S = 2;
__global__ void __launch_bounds__(256, 1) bytes_site(const float *in, float *out, int n) {
  __shared__ float buf[S][128];
  const int wg = tirx_warpgroup_index();;
  __shared__ uint64_t full[S]; tirx_event_init(full, S, (1)); uint32_t __tirx_phase_1_full = 0u;;
  __shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = 0u;;
  __shared__ uint64_t aux[S]; tirx_event_init(aux, S, 1); uint32_t __tirx_phase_1_aux = 0u;;
  if (wg == 0) {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      if (threadIdx.x == 32) tirx_event_arrive_bytes(&full[s], 512, true);
      tirx_event_arrive_bytes(&aux[s], 512, threadIdx.x == 0);
    }
  }
  else if (wg == 1) {
    for (int s = 0; s < S; ++s) tirx_mbar_arrive(&empty[s]);
    float acc = 0.f;
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      tirx_event_wait(aux, __tirx_phase_1_aux, s);
      acc += buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

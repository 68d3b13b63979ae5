#line 1 "trigger_bytes_loop_count.cu"
// The loop of tests/bad/trigger_bytes_loop_unknown.cu with what its error asks
// for: count(2), the parts the program copies per stage. The loop's trip
// count is a parameter, so the deadlock check runs it as many rounds as it
// likes: no phase it completes there is taken for one of the program's.
#include "tirx.h"
#define S 2
// Stands in for the copy that completes the bytes on the barrier.
__device__ void copy(float *dst, const float *src, int bytes, uint64_t *bar) {
  for (int i = 0; i < bytes / 4; ++i) dst[i] = src[i];
  (void)bar;
}
__global__ void __launch_bounds__(256, 1) k(const float *a, float *out, int n, int parts) {
  __shared__ float as[S][512];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, (2)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      for (int h = 0; h < parts; ++h) {
        tirx_event_arrive_bytes(&full[s], 512, threadIdx.x == 0);
        if (threadIdx.x == 0) copy(as[s] + h * 128, a + (i * parts + h) * 128, 512, &full[s]);
      }
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

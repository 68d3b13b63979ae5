#line 1 "wait_thread_second_declarator.cu"
// Waits under a condition on the thread that picks the same threads at every
// visit, the condition a local declared second in its declaration (`const int t
// = ..., reader = t < 64;`): its one initializer is read as the first's would be.
#include "tirx.h"
__global__ void __launch_bounds__(256, 1) k(const float *in, float *out, int n) {
  __shared__ float buf[2][64];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, (64)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, (64)); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    const int t = threadIdx.x, writer = t < 64;
    for (int i = 0; i < n; ++i) {
      if (writer) {
        tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
        buf[i % 2][t] = in[i * 64 + t];
        tirx_mbar_arrive(&full[i % 2]);
      }
    }
  }
else if (wg == 1)
  {
    const int t = threadIdx.x - 128, reader = t < 64;
    for (int i = 0; i < n; ++i) {
      if (reader) {
        tirx_event_wait(full, __tirx_phase_1_full, i % 2);
        out[i * 64 + t] = buf[i % 2][t];
        tirx_mbar_arrive(&empty[i % 2]);
      }
    }
  }
}

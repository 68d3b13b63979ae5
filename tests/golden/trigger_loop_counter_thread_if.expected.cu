#line 1 "trigger_loop_counter_thread_if.cu"
// The consumer hands a slot back from one thread, and only when the producer
// will wait for it again: an 'if' on the loop counter around an 'if' on the
// thread. The loop counter is the same in all of the index's threads, so the
// outer 'if' lets all of them through or none, and one thread arrives
// (count(1)).
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void __launch_bounds__(256, 1) k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, (1)); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, (1)); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      if (threadIdx.x == 0) {
        tirx_event_arrive_bytes(&full[s], 512, true);
        tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
      }
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      if (i + S < n) {  // the producer waits for the slot again
        if (threadIdx.x == 128) tirx_mbar_arrive(&empty[s]);
      }
    }
  }
}

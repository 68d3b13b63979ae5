#line 1 "event_list.cu"
// Several events in one declaration, as Croqtile writes them: each name with
// the clauses after it (empty[S] ready).
#include "tirx.h"
constexpr int S = 2;
__global__ void __launch_bounds__(256, 1) ring(float *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u; __shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      out[threadIdx.x] += k;
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[threadIdx.x] += 1;
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

#line 1 "event_list.cu"
// Several events in one declaration, as Croqtile writes them (`shared event
// full[S], empty[S];`): each name with the clauses that follow it, so that
// only 'empty' is a ready ring and only 'done' has an explicit count. The
// declarations are those of one event per line, in the order written.
#include "tirx.h"
constexpr int S = 2;
__global__ void __launch_bounds__(256, 1) ring(float *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u; __shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u; __shared__ uint64_t done; tirx_event_init(&done, 1, (128)); uint32_t __tirx_phase_0_done = 0u;
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      out[threadIdx.x] += k;
      tirx_mbar_arrive(&full[s]);
    }
    tirx_event_wait(&done, __tirx_phase_0_done, 0);
  }
else if (wg == 1)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[threadIdx.x] += 1;
      tirx_mbar_arrive(&empty[s]);
    }
    tirx_mbar_arrive(&done);
  }
}

// The _Pragma spelling, single events, a comment inside the list.
__global__ void __launch_bounds__(256, 1) handoff(float *out) {
  const int wg = tirx_warpgroup_index();
  __shared__ uint64_t a; tirx_event_init(&a, 1, 128); uint32_t __tirx_phase_1_a = 0u; __shared__ uint64_t b; tirx_event_init(&b, 1, 128); uint32_t __tirx_phase_0_b = 0u;
  if (wg == 0)
  {
    out[threadIdx.x] = 1.f;
    tirx_mbar_arrive(&a);
    tirx_event_wait(&b, __tirx_phase_0_b, 0);
  }
  else if (wg == 1)
  {
    tirx_event_wait(&a, __tirx_phase_1_a, 0);
    out[threadIdx.x] = out[threadIdx.x - 128] + 1.f;
    tirx_mbar_arrive(&b);
  }
}

#line 1 "ring_lookahead.cu"
// A consumer that waits for the next slot before it hands back the previous
// one (a wgmma pipeline's shape): it waits twice in its first tile, which a
// producer with a ready ring of 4 slots serves. Not a deadlock.
#include "tirx.h"

__global__ void __launch_bounds__(256, 1) lookahead(const float* in, float* out, int tiles, int ktiles) {
  __shared__ float ring[4][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[4]; tirx_event_init(full, 4, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[4]; tirx_event_init(empty, 4, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    for (int kt = 0; kt < ktiles; ++kt, ++it) {
      const int s = it % 4;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      ring[s][threadIdx.x] = in[(tile * ktiles + kt) * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int tile = blockIdx.x; tile < (tiles); tile += gridDim.x)
    {
      int s = it % 4;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      float sum = ring[s][threadIdx.x - 128];
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % 4;
        tirx_event_wait(full, __tirx_phase_1_full, s);
        sum += ring[s][threadIdx.x - 128];
        tirx_mbar_arrive(&empty[prev]);
      }
      tirx_mbar_arrive(&empty[s]);
      it += ktiles;
      out[tile * 128 + threadIdx.x - 128] = sum;
    }
  }
}

#line 1 "persistent_regions_two_loops.cu"
// Two phases, each walked by both regions: tiles of A, then tiles of B. The
// n-th persistent loop of one region is compared with the n-th of the other.
#include "tirx.h"
#define S 2
__global__ void __launch_bounds__(256, 1) k(const float *in, float *out, int ta, int tb) {
  __shared__ float buf[S][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[S]; tirx_event_init(full, S, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[S]; tirx_event_init(empty, S, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int t = blockIdx.x; t < (ta); t += gridDim.x)
    {
      tirx_event_wait(empty, __tirx_phase_0_empty, it % S);
      buf[it % S][threadIdx.x] = in[t * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[it % S]);
      ++it;
    }
for (int t = blockIdx.x; t < (tb); t += gridDim.x)
    {
      tirx_event_wait(empty, __tirx_phase_0_empty, it % S);
      buf[it % S][threadIdx.x] = 2.f * in[t * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[it % S]);
      ++it;
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int t = blockIdx.x; t < (ta); t += gridDim.x)
    {
      tirx_event_wait(full, __tirx_phase_1_full, it % S);
      out[t * 128 + threadIdx.x - 128] = buf[it % S][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[it % S]);
      ++it;
    }
for (int t = blockIdx.x; t < (tb); t += gridDim.x)
    {
      tirx_event_wait(full, __tirx_phase_1_full, it % S);
      out[(ta + t) * 128 + threadIdx.x - 128] = buf[it % S][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[it % S]);
      ++it;
    }
  }
}

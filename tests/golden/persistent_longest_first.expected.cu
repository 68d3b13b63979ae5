#line 1 "persistent_longest_first.cu"
// persistent(...) order(longest_first(COLS, G)): each block's steps walk the
// positions back and forth over the blocks, groups of G rows from their last
// (longest) column to their first; `tile` is the row-major tile.
#include "tirx.h"

__global__ void causal(float *out, int heads, int nq) {
for (int __tirx_step_tile = 0, tile = 0; (tile = tirx_tile_longest_first(__tirx_step_tile, blockIdx.x, gridDim.x, (heads * nq), (nq), (1))) >= 0; ++__tirx_step_tile)
  {
    const int head = tile / nq, q = tile % nq;
    if (q == 0 && head < 0) break;  // the loop's: done
    if (q > 64) continue;           // the loop's: the next step
    for (int k = 0; k <= q; ++k) out[tile] += (float)k;
  }
}

// Regions and events inside: both regions walk the same tiles in the same order.
__global__ void __launch_bounds__(256, 1) pipeline(float *out, const float *in, int total, int cols) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int __tirx_step_tile = 0, tile = 0; (tile = tirx_tile_longest_first(__tirx_step_tile, blockIdx.x, gridDim.x, (total), (cols), (4))) >= 0; ++__tirx_step_tile)
    {
      const int s = it++ % 2;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = in[tile * 128 + threadIdx.x];
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int __tirx_step_tile = 0, tile = 0; (tile = tirx_tile_longest_first(__tirx_step_tile, blockIdx.x, gridDim.x, (total), (cols), (4))) >= 0; ++__tirx_step_tile)
    {
      const int s = it++ % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[tile * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

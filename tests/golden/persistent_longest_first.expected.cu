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

// A producer and a consumer walk the same tiles in the same order: tile q of a
// head takes q + 1 blocks of keys through a 2-slot ring, the longest tiles first.
__global__ void __launch_bounds__(256, 1) causal_ring(float *out, const float *keys, int heads, int nq) {
  __shared__ float ring[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t loaded[2]; tirx_event_init(loaded, 2, 128); uint32_t __tirx_phase_1_loaded = 0u;
__shared__ uint64_t used[2]; tirx_event_init(used, 2, 128); uint32_t __tirx_phase_0_used = ~0u;
if (wg == 0)
  {
    int n = 0;
for (int __tirx_step_tile = 0, tile = 0; (tile = tirx_tile_longest_first(__tirx_step_tile, blockIdx.x, gridDim.x, (heads * nq), (nq), (heads))) >= 0; ++__tirx_step_tile)
    for (int k = 0; k <= tile % nq; ++k, ++n) {
      tirx_event_wait(used, __tirx_phase_0_used, n % 2);
      ring[n % 2][threadIdx.x] = keys[(tile / nq * nq + k) * 128 + threadIdx.x];
      tirx_mbar_arrive(&loaded[n % 2]);
    }
  }
else if (wg == 1)
  {
    int n = 0;
for (int __tirx_step_tile = 0, tile = 0; (tile = tirx_tile_longest_first(__tirx_step_tile, blockIdx.x, gridDim.x, (heads * nq), (nq), (heads))) >= 0; ++__tirx_step_tile)
    {
      float acc = 0.f;
      for (int k = 0; k <= tile % nq; ++k, ++n) {
        tirx_event_wait(loaded, __tirx_phase_1_loaded, n % 2);
        acc += ring[n % 2][threadIdx.x - 128];
        tirx_mbar_arrive(&used[n % 2]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

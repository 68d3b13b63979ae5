#line 1 "persistent_grouped.cu"
// persistent(...) order(grouped(COLS, G)): positions walk the block-strided
// loop, `tile` is the row-major tile at that position of the grouped order.
#include "tirx.h"

__global__ void tiles(float *out, int rows, int cols) {
for (int __tirx_pos_tile = blockIdx.x, tile = 0; __tirx_pos_tile < (rows * cols) && ((tile = tirx_tile_grouped(__tirx_pos_tile, (rows * cols), (cols), (8))), true); __tirx_pos_tile += gridDim.x)
  {
    const int m0 = tile / cols, n0 = tile % cols;
    if (m0 == n0) continue;  // the loop's: the next position
    if (m0 < 0) break;       // the loop's: done
    out[tile] = (float)(m0 + n0);
  }
}

__global__ void spellings(float *out, int total) {
  for (int __tirx_pos_t = blockIdx.x, t = 0; __tirx_pos_t < (total) && ((t = tirx_tile_grouped(__tirx_pos_t, (total), (16), (4))), true); __tirx_pos_t += gridDim.x) out[t] = 1.f;
  for (int __tirx_pos_u = blockIdx.x, u = 0; __tirx_pos_u < (total) && ((u = tirx_tile_grouped(__tirx_pos_u, (total), (16), (4))), true); __tirx_pos_u += gridDim.x)
    out[u] += 1.f;
}

// Regions and events inside: the ring's phases carry over from tile to tile.
__global__ void __launch_bounds__(256, 1) pipeline(float *out, const float *in, int total, int cols) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, tile = 0; __tirx_pos_tile < (total) && ((tile = tirx_tile_grouped(__tirx_pos_tile, (total), (cols), (4))), true); __tirx_pos_tile += gridDim.x)
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
for (int __tirx_pos_tile = blockIdx.x, tile = 0; __tirx_pos_tile < (total) && ((tile = tirx_tile_grouped(__tirx_pos_tile, (total), (cols), (4))), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[tile * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

#line 1 "persistent_groups.cu"
// persistent(g, t: groups(...)): the tiles of E GEMMs one after the other; the
// kernel's table of each group's first tile is computed once at its start,
// and every loop over the groups reads it.
#include "tirx.h"

constexpr int kMaxGroups = 64;

// Offsets (E + 1 prefix sums), one loop, t the tile inside the group.
__global__ void offsets(float *out, const int *offs, int groups, int cols) { __shared__ int __tirx_first[(kMaxGroups) + 1]; if (threadIdx.x < 32) tirx_group_tiles_scan(__tirx_first, (offs), (groups), (true), (128), (cols)); __syncthreads();
for (int __tirx_pos_t = blockIdx.x, g = 0, t = 0; __tirx_pos_t < __tirx_first[(groups)] && ((g = tirx_group_of(__tirx_pos_t, __tirx_first, (groups))), (t = __tirx_pos_t - __tirx_first[g]), true); __tirx_pos_t += gridDim.x)
  {
    if (t < 0) continue;  // the loop's: the next position
    out[g * 1024 + t] = 1.f;
  }
}

// Counts, the grouped order, two regions: one table for both.
__global__ void __launch_bounds__(256, 1) regions(float *out, const int *counts, int groups, int n) { __shared__ int __tirx_first[(256) + 1]; if (threadIdx.x < 32) tirx_group_tiles_scan(__tirx_first, (counts), (groups), (false), (64), ((n + 127) / 128)); __syncthreads();
  __shared__ float buf[2][128];
  const int cols = (n + 127) / 128;
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, e = 0, tile = 0; __tirx_pos_tile < __tirx_first[(groups)] && ((e = tirx_group_of(__tirx_pos_tile, __tirx_first, (groups))), (tile = tirx_tile_grouped(__tirx_pos_tile - __tirx_first[e], __tirx_first[e + 1] - __tirx_first[e], ((n + 127) / 128), (4))), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = (float)(e * 4096 + tile);
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg == 1)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, e = 0, tile = 0; __tirx_pos_tile < __tirx_first[(groups)] && ((e = tirx_group_of(__tirx_pos_tile, __tirx_first, (groups))), (tile = tirx_tile_grouped(__tirx_pos_tile - __tirx_first[e], __tirx_first[e + 1] - __tirx_first[e], ((n + 127) / 128), (4))), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[(e * cols + tile) * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
}

// offsets(COND): offsets or counts, as COND says at run time (contiguous or masked).
__global__ void either(float *out, const int *sizes, int groups, int slot_rows, int n) { __shared__ int __tirx_first[(kMaxGroups) + 1]; if (threadIdx.x < 32) tirx_group_tiles_scan(__tirx_first, (sizes), (groups), (slot_rows == 0), (128), (n / 128)); __syncthreads();
for (int __tirx_pos_t = blockIdx.x, g = 0, t = 0; __tirx_pos_t < __tirx_first[(groups)] && ((g = tirx_group_of(__tirx_pos_t, __tirx_first, (groups))), (t = __tirx_pos_t - __tirx_first[g]), true); __tirx_pos_t += gridDim.x)
  out[g * 64 + t] = 0.f;
}

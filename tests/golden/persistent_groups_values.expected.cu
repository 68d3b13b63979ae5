#line 1 "persistent_groups_values.cu"
// A values() kernel whose regions walk persistent groups: the groups' table,
// declared at the top of the body, stands before the per-value branches, where
// both see it.
#include "tirx.h"
template <int D>
__global__ void __launch_bounds__((D) == (64) ? 256 : 384, 1) regions(float *out, const int *counts, int groups, int n) { __shared__ int __tirx_first[(256) + 1]; if (threadIdx.x < 32) tirx_group_tiles_scan(__tirx_first, (counts), (groups), (false), (64), ((n + 127) / 128)); __syncthreads(); if constexpr ((D) == (64)) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index(); static_assert((D == 64 ? 2 : 3) == 2, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 2: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, e = 0, tile = 0; __tirx_pos_tile < __tirx_first[(groups)] && ((e = tirx_group_of(__tirx_pos_tile, __tirx_first, (groups))), (tile = __tirx_pos_tile - __tirx_first[e]), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = (float)(e * 4096 + tile);
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg >= 1)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, e = 0, tile = 0; __tirx_pos_tile < __tirx_first[(groups)] && ((e = tirx_group_of(__tirx_pos_tile, __tirx_first, (groups))), (tile = __tirx_pos_tile - __tirx_first[e]), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[(e * 4 + tile) * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
#line 6 "persistent_groups_values.cu"
} else if constexpr ((D) == (128)) {
  __shared__ float buf[2][128];
const int wg = tirx_warpgroup_index(); static_assert((D == 64 ? 2 : 3) == 3, "tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given");
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 128); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 256); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, e = 0, tile = 0; __tirx_pos_tile < __tirx_first[(groups)] && ((e = tirx_group_of(__tirx_pos_tile, __tirx_first, (groups))), (tile = __tirx_pos_tile - __tirx_first[e]), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      buf[s][threadIdx.x] = (float)(e * 4096 + tile);
      tirx_mbar_arrive(&full[s]);
    }
  }
else if (wg >= 1)
  {
    int it = 0;
for (int __tirx_pos_tile = blockIdx.x, e = 0, tile = 0; __tirx_pos_tile < __tirx_first[(groups)] && ((e = tirx_group_of(__tirx_pos_tile, __tirx_first, (groups))), (tile = __tirx_pos_tile - __tirx_first[e]), true); __tirx_pos_tile += gridDim.x)
    {
      const int s = it++ % 2;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      out[(e * 4 + tile) * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_mbar_arrive(&empty[s]);
    }
  }
} else { static_assert((D) == (64) || (D) == (128), "tirx-pp lowered regions for D in {64, 128} (its partition's values()): add this value there"); }}

template __global__ void regions<64>(float *, const int *, int, int);
template __global__ void regions<128>(float *, const int *, int, int);

#line 1 "event_grid.cu"
#include "tirx.h"
// Split-K's reduction: each of `splits` blocks adds its part of a tile into
// the workspace; the last to arrive at the tile's counter sums them in
// split order. Then a grid barrier among the splits of a tile (a wait).
__global__ void __launch_bounds__(256, 1) split_sum(const float *in, float *part, float *out, unsigned *counters, int tiles, int splits) {
const int wg = tirx_warpgroup_index();
unsigned *const done = (unsigned *)(counters); (void)done; __shared__ uint64_t __tirx_grid_0_done[2]; tirx_grid_event_init(__tirx_grid_0_done, 128); __shared__ int __tirx_gridflag_0_done; uint32_t __tirx_gridphase_0_done = 0u;
if (wg == 0)
  {
    const int t = threadIdx.x;
for (int item = blockIdx.x; item < (tiles * splits); item += gridDim.x)
    {
      const int tile = item / splits, split = item % splits;
      bool last = tirx_grid_arrive_if_last(done + (tile), (unsigned)(splits), __tirx_grid_0_done, &__tirx_gridflag_0_done, __tirx_gridphase_0_done, threadIdx.x == 0);  // the same in every thread of the region

      if (!last) {
        part[(size_t)item * 128 + t] = in[(size_t)item * 128 + t];
        last = tirx_grid_arrive_last(done + (tile), (unsigned)(splits), __tirx_grid_0_done, &__tirx_gridflag_0_done, __tirx_gridphase_0_done, threadIdx.x == 0);
      }
      if (last) {
        float s = 0;
        for (int p = 0; p < splits; ++p) s += p == split ? in[(size_t)item * 128 + t] : part[((size_t)tile * splits + p) * 128 + t];
        out[(size_t)tile * 128 + t] = s;
      }
    }
  }
else if (wg == 1)
  {}
}

// A grid event declared right before events of the block: their
// initialization's block barrier publishes its barriers too (no barrier of
// its own). Warpgroup 1 stages a value, warpgroup 0 adds it to the tile
// when its block is the last of the tile's `splits`.
__global__ void __launch_bounds__(256, 1) staged_last(const float *in, float *out, unsigned *counters, int splits) {
  __shared__ float staged[128];
const int wg = tirx_warpgroup_index();
unsigned *const done = (unsigned *)(counters); (void)done; __shared__ uint64_t __tirx_grid_1_done[2]; tirx_grid_event_init(__tirx_grid_1_done, 128, false); __shared__ int __tirx_gridflag_1_done; uint32_t __tirx_gridphase_1_done = 0u;
__shared__ uint64_t filled; tirx_event_init(&filled, 1, 128); uint32_t __tirx_phase_1_filled = 0u;
if (wg == 1)
  {
    staged[threadIdx.x - 128] = in[blockIdx.x * 128 + threadIdx.x - 128];
    tirx_mbar_arrive(&filled);
  }
else if (wg == 0)
  {
    tirx_event_wait(&filled, __tirx_phase_1_filled, 0);
    atomicAdd(&out[blockIdx.x / splits * 128 + threadIdx.x], staged[threadIdx.x]);
    if (tirx_grid_arrive_last(done + (blockIdx.x / splits), (unsigned)(splits), __tirx_grid_1_done, &__tirx_gridflag_1_done, __tirx_gridphase_1_done, threadIdx.x == 0)) out[blockIdx.x / splits * 128 + threadIdx.x] *= 2.f;
  }
}

// A barrier among the `per_group` consecutive work items of each group: the
// blocks that wait are those that arrive; with every block resident
// (grid(persistent)) and each group no larger than the grid, every group's
// items are running or done when one of them waits.
__global__ void all_arrive(float *x, unsigned *counters, int groups, int per_group) {
unsigned *const met = (unsigned *)(counters); (void)met; __shared__ int __tirx_gridflag_met; uint32_t __tirx_gridphase_met = 0u;
for (int item = blockIdx.x; item < (groups * per_group); item += gridDim.x)
  {
    const int g = item / per_group;
    x[item * blockDim.x + threadIdx.x] += 1.f;
tirx_grid_arrive(met + (g), nullptr, &__tirx_gridflag_met, __tirx_gridphase_met, (threadIdx.x | threadIdx.y | threadIdx.z) == 0);
    tirx_grid_wait(met + (g), (unsigned)(per_group), nullptr, &__tirx_gridflag_met, __tirx_gridphase_met, (threadIdx.x | threadIdx.y | threadIdx.z) == 0);
  }
}

void run(float *x, unsigned *counters, int groups, int per_group) {
{ tirx_launch_t __tirx_launch = tirx_launch_begin(all_arrive, (groups * per_group), (128), 0, 0, true);
  if (__tirx_launch.err == cudaSuccess) all_arrive<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(x, counters, groups, per_group); tirx_launch_end(__tirx_launch, "event_grid.cu", 70, 3, "all_arrive", true, true); }
}

#include "tirx.h"
// Split-K's reduction: each of `splits` blocks adds its part of a tile into
// the workspace; the last to arrive at the tile's counter sums them in
// split order. Then a grid barrier among the splits of a tile (a wait).
__global__ void split_sum(const float *in, float *part, float *out, unsigned *counters, int tiles, int splits) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done[tiles] grid(counters) count(splits)
#pragma tirx async(wg == 0)
  {
    const int t = threadIdx.x;
#pragma tirx persistent(item: tiles * splits)
    {
      const int tile = item / splits, split = item % splits;
      bool last = tirx_trigger_if_last(done[tile]);  // the same in every thread of the region
#pragma tirx uniform
      if (!last) {
        part[(size_t)item * 128 + t] = in[(size_t)item * 128 + t];
        last = tirx_trigger_last(done[tile]);
      }
      if (last) {
        float s = 0;
        for (int p = 0; p < splits; ++p) s += p == split ? in[(size_t)item * 128 + t] : part[((size_t)tile * splits + p) * 128 + t];
        out[(size_t)tile * 128 + t] = s;
      }
    }
  }
#pragma tirx async(wg == 1)
  {}
}

// A grid event declared right before events of the block: their
// initialization's block barrier publishes its barriers too (no barrier of
// its own). Warpgroup 1 stages a value, warpgroup 0 adds it to the tile
// when its block is the last of the tile's `splits`.
__global__ void staged_last(const float *in, float *out, unsigned *counters, int splits) {
  __shared__ float staged[128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done[gridDim.x / splits] grid(counters) count(splits)
#pragma tirx event filled
#pragma tirx async(wg == 1)
  {
    staged[threadIdx.x - 128] = in[blockIdx.x * 128 + threadIdx.x - 128];
    tirx_trigger(filled);
  }
#pragma tirx async(wg == 0)
  {
    tirx_wait(filled);
    atomicAdd(&out[blockIdx.x / splits * 128 + threadIdx.x], staged[threadIdx.x]);
    if (tirx_trigger_last(done[blockIdx.x / splits])) out[blockIdx.x / splits * 128 + threadIdx.x] *= 2.f;
  }
}

// A barrier among the `per_group` consecutive work items of each group: the
// blocks that wait are those that arrive; with every block resident
// (grid(persistent)) and each group no larger than the grid, every group's
// items are running or done when one of them waits.
__global__ void all_arrive(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
#pragma tirx persistent(item: groups * per_group)
  {
    const int g = item / per_group;
    x[item * blockDim.x + threadIdx.x] += 1.f;
#pragma tirx trigger met[g]
    tirx_wait(met[g]);
  }
}

void run(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx launch grid(persistent)
  all_arrive<<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

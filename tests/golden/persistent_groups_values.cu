// A values() kernel whose regions walk persistent groups: the groups' table,
// declared at the top of the body, stands before the per-value branches, where
// both see it.
#include "tirx.h"
template <int D>
__global__ void regions(float *out, const int *counts, int groups, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: D == 64 ? 2 : 3) values(D: 64, 128)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(e, tile: groups(counts, groups, counts, rows(64), cols((n + 127) / 128), max(256)))
    {
      const int s = it++ % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = (float)(e * 4096 + tile);
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg >= 1)
  {
    int it = 0;
#pragma tirx persistent(e, tile: groups(counts, groups, counts, rows(64), cols((n + 127) / 128), max(256)))
    {
      const int s = it++ % 2;
      tirx_wait(full[s]);
      out[(e * 4 + tile) * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

template __global__ void regions<64>(float *, const int *, int, int);
template __global__ void regions<128>(float *, const int *, int, int);

// persistent(g, t: groups(...)): the tiles of E GEMMs one after the other; the
// kernel's table of each group's first tile is computed once at its start,
// and every loop over the groups reads it.
#include "tirx.h"

constexpr int kMaxGroups = 64;

// Offsets (E + 1 prefix sums), one loop, t the tile inside the group.
__global__ void offsets(float *out, const int *offs, int groups, int cols) {
#pragma tirx persistent(g, t: groups(offs, groups, offsets, rows(128), cols(cols), max(kMaxGroups)))
  {
    if (t < 0) continue;  // the loop's: the next position
    out[g * 1024 + t] = 1.f;
  }
}

// Counts, the grouped order, two regions: one table for both.
__global__ void regions(float *out, const int *counts, int groups, int n) {
  __shared__ float buf[2][128];
  const int cols = (n + 127) / 128;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(e, tile: groups(counts, groups, counts, rows(64), cols((n + 127) / 128), max(256))) order(grouped((n + 127) / 128, 4))
    {
      const int s = it++ % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = (float)(e * 4096 + tile);
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(e, tile: groups(counts, groups, counts, rows(64), cols((n + 127) / 128), max(256))) order(grouped((n + 127) / 128, 4))
    {
      const int s = it++ % 2;
      tirx_wait(full[s]);
      out[(e * cols + tile) * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

// offsets(COND): offsets or counts, as COND says at run time (contiguous or masked).
__global__ void either(float *out, const int *sizes, int groups, int slot_rows, int n) {
#pragma tirx persistent(g, t: groups(sizes, groups, offsets(slot_rows == 0), rows(128), cols(n / 128), max(kMaxGroups)))
  out[g * 64 + t] = 0.f;
}

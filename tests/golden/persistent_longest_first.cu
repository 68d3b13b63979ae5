// persistent(...) order(longest_first(COLS, G)): each block's steps walk the
// positions back and forth over the blocks, groups of G rows from their last
// (longest) column to their first; `tile` is the row-major tile.
#include "tirx.h"

__global__ void causal(float *out, int heads, int nq) {
#pragma tirx persistent(tile: heads * nq) order(longest_first(nq, 1))
  {
    const int head = tile / nq, q = tile % nq;
    if (q == 0 && head < 0) break;  // the loop's: done
    if (q > 64) continue;           // the loop's: the next step
    for (int k = 0; k <= q; ++k) out[tile] += (float)k;
  }
}

// Regions and events inside: both regions walk the same tiles in the same order.
__global__ void pipeline(float *out, const float *in, int total, int cols) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: total) order(longest_first(cols, 4))
    {
      const int s = it++ % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[tile * 128 + threadIdx.x];
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: total) order(longest_first(cols, 4))
    {
      const int s = it++ % 2;
      tirx_wait(full[s]);
      out[tile * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

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

// A producer and a consumer walk the same tiles in the same order: tile q of a
// head takes q + 1 blocks of keys through a 2-slot ring, the longest tiles first.
__global__ void causal_ring(float *out, const float *keys, int heads, int nq) {
  __shared__ float ring[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event loaded[2]
#pragma tirx event used[2] ready
#pragma tirx async(wg == 0)
  {
    int n = 0;
#pragma tirx persistent(tile: heads * nq) order(longest_first(nq, heads))
    for (int k = 0; k <= tile % nq; ++k, ++n) {
      tirx_wait(used[n % 2]);
      ring[n % 2][threadIdx.x] = keys[(tile / nq * nq + k) * 128 + threadIdx.x];
      tirx_trigger(loaded[n % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    int n = 0;
#pragma tirx persistent(tile: heads * nq) order(longest_first(nq, heads))
    {
      float acc = 0.f;
      for (int k = 0; k <= tile % nq; ++k, ++n) {
        tirx_wait(loaded[n % 2]);
        acc += ring[n % 2][threadIdx.x - 128];
        tirx_trigger(used[n % 2]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

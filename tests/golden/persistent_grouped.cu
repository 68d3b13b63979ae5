// persistent(...) order(grouped(COLS, G)): positions walk the block-strided
// loop, `tile` is the row-major tile at that position of the grouped order.
#include "tirx.h"

__global__ void tiles(float *out, int rows, int cols) {
#pragma tirx persistent(tile: rows * cols) order(grouped(cols, 8))
  {
    const int m0 = tile / cols, n0 = tile % cols;
    if (m0 == n0) continue;  // the loop's: the next position
    if (m0 < 0) break;       // the loop's: done
    out[tile] = (float)(m0 + n0);
  }
}

__global__ void spellings(float *out, int total) {
  _Pragma("tirx persistent(t: total) order(grouped(16, 4))") out[t] = 1.f;
  TIRX_PERSISTENT_GROUPED(u, total, 16, 4)
    out[u] += 1.f;
}

// Regions and events inside: the ring's phases carry over from tile to tile.
__global__ void pipeline(float *out, const float *in, int total, int cols) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: total) order(grouped(cols, 4))
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
#pragma tirx persistent(tile: total) order(grouped(cols, 4))
    {
      const int s = it++ % 2;
      tirx_wait(full[s]);
      out[tile * 128 + threadIdx.x - 128] = buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

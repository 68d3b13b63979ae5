// A producer warpgroup's `if (threadIdx.x == 0)` around its TMA copy replaced
// by elect: each of its four warps issues the same copy, and the slot's
// barrier, told to expect one tile's bytes, receives four.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void stream_rows(const __grid_constant__ CUtensorMap map, float *out, int tiles) {
  __shared__ __align__(128) float buf[2][32 * 32];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < tiles; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger_bytes(full[i % 2], sizeof(buf[0]));
#pragma tirx elect
      tirx_tma_load_2d(buf[i % 2], &map, 0, i * 32, &full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < tiles; ++i) {
      tirx_wait(full[i % 2]);
      for (int e = threadIdx.x % 128; e < 32 * 32; e += 128) out[i * 32 * 32 + e] = buf[i % 2][e];
      tirx_trigger(empty[i % 2]);
    }
  }
}

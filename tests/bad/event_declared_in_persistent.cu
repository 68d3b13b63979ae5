// An event declared inside the persistent loop: each tile initializes the
// mbarriers again (one thread, before the block meets), while the consumer
// may still wait on full[last] or arrive on empty[...] from the tile before:
// those land on a barrier made over, and the ring hangs or a phase completes
// early. An error, as for a cluster event there: declare it before the loop.
#include "tirx.h"
constexpr int S = 2;
__global__ void k(const float *in, float *out, int tiles, int steps) {
  __shared__ float buf[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event empty[S] ready
#pragma tirx persistent(tile: tiles)
  {
#pragma tirx event full[S]
#pragma tirx async(wg == 0)
    {
      for (int i = 0; i < steps; ++i) {
        tirx_wait(empty[i % S]);
        buf[i % S][threadIdx.x] = in[(tile * steps + i) * 128 + threadIdx.x];
        tirx_trigger(full[i % S]);
      }
    }
#pragma tirx async(wg == 1)
    {
      float acc = 0.f;
      for (int i = 0; i < steps; ++i) {
        tirx_wait(full[i % S]);
        acc += buf[i % S][threadIdx.x - 128];
        tirx_trigger(empty[i % S]);
      }
      out[tile * 128 + threadIdx.x - 128] = acc;
    }
  }
}

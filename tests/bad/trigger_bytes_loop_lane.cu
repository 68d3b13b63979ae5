// Each half of a slot copied by its own thread: thread h in round h of a loop
// over the halves. Two threads arrive on a phase, one per round, but the
// event counts one: the phase completes at the first half and the second
// arrives on the next phase. tirx-pp evaluates the condition in each round of
// the loop (its counter known there) and counts both arrivals.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(1)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      for (int h = 0; h < 2; ++h)
        if (threadIdx.x == h) {
          tirx_trigger_bytes(full[s], 256);
          tirx_tma_load_2d(as[s] + h * 64, map, i, h * 64, &full[s]);
        }
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(full[s]);
      out[i * 128 + threadIdx.x - 128] = as[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
  }
}

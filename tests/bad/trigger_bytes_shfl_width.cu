// A byte trigger under a shuffle of width 16: __shfl_sync(~0u, t, 0, 16)
// gives each thread the index of the first lane of its half-warp, so the
// first lane of each half of each of the producer's four warps arrives:
// eight threads, where count(4) expects four.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__global__ void k(const CUtensorMap *map, float *out, int n) {
  alignas(128) __shared__ float as[S][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S] count(4)
#pragma tirx event empty[S] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      const int s = i % S;
      tirx_wait(empty[s]);
      if (__shfl_sync(0xffffffffu, threadIdx.x, 0, 16) == threadIdx.x) {
        tirx_trigger_bytes(full[s], 512);
        tirx_tma_load_2d(as[s], map, i, 0, &full[s]);
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

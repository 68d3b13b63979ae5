// A byte trigger under a helper with an early return: leads() is false in
// lanes 1 to 31 and true in lane 0, so the first lane of each of the
// producer's four warps arrives (count(1) completes the phase at the first of
// them). tirx-pp reads 'if (c) return a; return b;' as 'c ? a : b'.
#include "tirx.h"
#include "tirx/tma.h"
#define S 2
__device__ bool leads() {
  if (threadIdx.x % 32) return false;
  return true;
}
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
      if (leads()) {
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

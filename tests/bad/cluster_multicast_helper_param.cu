// The barrier of a multicast copy handed to a helper as a parameter: the
// helper's copy completes on a block's own event in the other block too, which
// may not have initialized it yet.
#include "tirx.h"
#include "tirx/tma.h"
__device__ void load_tile(float *dst, const CUtensorMap *map, int i, uint64_t *bar) {
  tirx_tma_load_2d_multicast(dst, map, 0, i * 32, bar, 0x3);
}
__global__ void k(const __grid_constant__ CUtensorMap map, float *out, int n) {
  __shared__ __align__(128) float buf[2][1024];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2], empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger_bytes(full[i % 2], sizeof buf[0]);
      if (threadIdx.x == 0) load_tile(buf[i % 2], &map, i, &full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(full[i % 2]);
      out[threadIdx.x] += buf[i % 2][threadIdx.x - 128];
      tirx_trigger(empty[i % 2]);
    }
  }
}

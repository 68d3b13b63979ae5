// The barrier of a multicast copy reached through a local pointer to a block's own event: the
// other block may copy into it before it is initialized (an error, as when it is named).
#include "tirx.h"
#include "tirx/tma.h"
__global__ void k(const __grid_constant__ CUtensorMap map, float *out, int n) {
  __shared__ __align__(128) float buf[2][1024];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2], empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    uint64_t *bars = full;
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger_bytes(full[i % 2], sizeof buf[0]);
      if (threadIdx.x == 0) tirx_tma_load_2d_multicast(buf[i % 2], &map, 0, i * 32, bars + i % 2, 0x3);
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

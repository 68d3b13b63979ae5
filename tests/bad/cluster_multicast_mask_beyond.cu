// A multicast mask that names a block the launch's clusters do not have (0x5: rank 2, in clusters
// of 2): the copy would write into a block that does not exist.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void k(const __grid_constant__ CUtensorMap map, float *out, int n) {
  __shared__ __align__(128) float buf[2][1024];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster, empty[2] ready cluster
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < n; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger_bytes(full[i % 2], sizeof buf[0] / 128);
      if (threadIdx.x == 0)
        tirx_tma_load_2d_multicast(buf[i % 2], &map, 0, i * 32, &full[i % 2], 0x5);
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
void run(const CUtensorMap &m, float *o, int n) {
#pragma tirx launch cluster(2)
  k<<<8, 256>>>(m, o, n);
}

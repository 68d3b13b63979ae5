// elect over per-warp TMA work that stays accepted: each warp's own box and its
// bulk group's commit and wait (a thread's own), a warp number from tirx.h's
// tirx_warp_index() or held in a struct member.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void epilogue(const __grid_constant__ CUtensorMap cmap, const float *acc) {
  __shared__ __align__(128) float cbuf[4][32 * 32];
#pragma tirx warpgroups(wg: 1)
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = 0; r < 32; ++r) cbuf[warp][r * 32 + lane] = acc[(blockIdx.x * 128 + warp * 32 + r) * 32 + lane];
  tirx_fence_proxy_async_smem();
  __syncwarp();
#pragma tirx elect
  {
    tirx_tma_store_2d(&cmap, blockIdx.x * 128 + warp * 32, 0, cbuf[warp]);
    tirx_tma_store_commit();
    tirx_tma_store_wait<0>();
  }
}
__global__ void quarters(const __grid_constant__ CUtensorMap map, float *out, int tiles) {
  __shared__ __align__(128) float buf[2][4][32 * 32];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    const int w = tirx_warp_index() % 4;
    for (int i = 0; i < tiles; ++i) {
      tirx_wait(empty[i % 2]);
      tirx_trigger_bytes(full[i % 2], sizeof(buf[0]));
#pragma tirx elect
      tirx_tma_load_2d(buf[i % 2][w], &map, i * 128 + w * 32, 0, &full[i % 2]);
    }
  }
#pragma tirx async(wg == 1)
  {
    for (int i = 0; i < tiles; ++i) {
      tirx_wait(full[i % 2]);
      for (int e = threadIdx.x % 128; e < 4 * 32 * 32; e += 128) out[i * 4096 + e] = (&buf[i % 2][0][0])[e];
      tirx_trigger(empty[i % 2]);
    }
  }
}
struct Coord { int row, col; };
__global__ void boxes(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[4][32 * 32];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[1]
#pragma tirx async(wg == 0)
  {
    Coord c;
    c.row = threadIdx.x / 32 * 32;
    c.col = 0;
    tirx_trigger_bytes(full[0], sizeof(buf));
#pragma tirx elect
    tirx_tma_load_2d(buf[c.row / 32], &map, blockIdx.x * 128 + c.row, c.col, &full[0]);
  }
#pragma tirx async(wg == 1)
  {
    tirx_wait(full[0]);
    for (int e = threadIdx.x % 128; e < 4 * 1024; e += 128) out[blockIdx.x * 4096 + e] = (&buf[0][0])[e];
  }
}

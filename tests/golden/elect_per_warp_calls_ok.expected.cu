#line 1 "elect_per_warp_calls_ok.cu"
// elect over per-warp TMA work that stays accepted: each warp's own box and its
// bulk group's commit and wait (a thread's own), a warp number from tirx.h's
// tirx_warp_index() or held in a struct member.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void __launch_bounds__(128, 1) epilogue(const __grid_constant__ CUtensorMap cmap, const float *acc) {
  __shared__ __align__(128) float cbuf[4][32 * 32];
const int wg = tirx_warpgroup_index();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = 0; r < 32; ++r) cbuf[warp][r * 32 + lane] = acc[(blockIdx.x * 128 + warp * 32 + r) * 32 + lane];
  tirx_fence_proxy_async_smem();
  __syncwarp();
if (tirx_elect_one_sync())
  {
    tirx_tma_store_2d(&cmap, blockIdx.x * 128 + warp * 32, 0, cbuf[warp]);
    tirx_tma_store_commit();
    tirx_tma_store_wait<0>();
  }
}
__global__ void __launch_bounds__(256, 1) quarters(const __grid_constant__ CUtensorMap map, float *out, int tiles) {
  __shared__ __align__(128) float buf[2][4][32 * 32];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[2]; tirx_event_init(full, 2, 1); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 128); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  {
    const int w = tirx_warp_index() % 4;
    for (int i = 0; i < tiles; ++i) {
      tirx_event_wait(empty, __tirx_phase_0_empty, i % 2);
      tirx_event_arrive_bytes(&full[i % 2], sizeof(buf[0]), threadIdx.x == 0);
if (tirx_elect_one_sync())
      tirx_tma_load_2d(buf[i % 2][w], &map, i * 128 + w * 32, 0, &full[i % 2]);
    }
  }
else if (wg == 1)
  {
    for (int i = 0; i < tiles; ++i) {
      tirx_event_wait(full, __tirx_phase_1_full, i % 2);
      for (int e = threadIdx.x % 128; e < 4 * 32 * 32; e += 128) out[i * 4096 + e] = (&buf[i % 2][0][0])[e];
      tirx_mbar_arrive(&empty[i % 2]);
    }
  }
}
struct Coord { int row, col; };
__global__ void __launch_bounds__(256, 1) boxes(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[4][32 * 32];
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[1]; tirx_event_init(full, 1, 1); uint32_t __tirx_phase_1_full = 0u;
if (wg == 0)
  {
    Coord c;
    c.row = threadIdx.x / 32 * 32;
    c.col = 0;
    tirx_event_arrive_bytes(&full[0], sizeof(buf), threadIdx.x == 0);
if (tirx_elect_one_sync())
    tirx_tma_load_2d(buf[c.row / 32], &map, blockIdx.x * 128 + c.row, c.col, &full[0]);
  }
else if (wg == 1)
  {
    tirx_event_wait(full, __tirx_phase_1_full, 0);
    for (int e = threadIdx.x % 128; e < 4 * 1024; e += 128) out[blockIdx.x * 4096 + e] = (&buf[0][0])[e];
  }
}

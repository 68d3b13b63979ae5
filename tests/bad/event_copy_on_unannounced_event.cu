// A second copy of the stage completes on the ring's other event (a typo for
// `full`): `empty` has no bytes announced, so they arrive on a phase that
// expects none, and `full` completes before the second half has landed.
#include "tirx.h"
#include "tirx/tma.h"
#define STAGES 2
constexpr int BM = 128, BK = 64;
__global__ void rows(const __grid_constant__ CUtensorMap mapA, float *C, int tiles, int ktiles) {
  extern __shared__ __align__(1024) float smem[];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        tirx_trigger_bytes(full[s], BM * BK * 4);
        if (threadIdx.x == 0) tirx_tma_load_2d(smem + s * BM * BK, &mapA, tile * BM, kt * BK, &full[s]);
        if (threadIdx.x == 0) tirx_tma_load_2d(smem + (2 + s) * BM * BK, &mapA, tile * BM + 64, kt * BK, &empty[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: tiles)
    {
      float acc = 0.f;
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(full[s]);
        acc += smem[s * BM * BK + threadIdx.x % 128];
#pragma tirx elect
        tirx_trigger(empty[s]);
      }
      C[tile * 128 + threadIdx.x % 128] = acc;
    }
  }
}

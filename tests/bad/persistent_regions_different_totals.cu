// A producer that rounds the row tiles up and consumers that round them down:
// in a block dealt the extra tile, the producer loads it and waits for a slot
// the consumers never hand back (and the two regions' tiles drift apart).
#include "tirx.h"
#include "tirx/tma.h"
#define STAGES 2
constexpr int BM = 128, BN = 128, BK = 64;
__global__ void gemm(const __grid_constant__ CUtensorMap mapA, float *C, int M, int tiles_n, int ktiles) {
  extern __shared__ __align__(1024) float smem[];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    int it = 0;
#pragma tirx persistent(tile: (M + BM - 1) / BM * tiles_n)
    {
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        tirx_trigger_bytes(full[s], BM * BK * 4);
        if (threadIdx.x == 0) tirx_tma_load_2d(smem + s * BM * BK, &mapA, tile / tiles_n * BM, kt * BK, &full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    int it = 0;
#pragma tirx persistent(tile: M / BM * tiles_n)
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

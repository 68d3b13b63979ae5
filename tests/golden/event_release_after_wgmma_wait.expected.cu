#line 1 "event_release_after_wgmma_wait.cu"
// The deferred release done right: after tirx_wgmma_wait<0>() no group reads
// slot s, and it is handed back (tests/bad/event_release_current_after_wait1.cu
// waits with <1>, and tests/bad/event_release_during_wgmma.cu not at all).
#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"
#include <cuda_bf16.h>
#define STAGES 4
constexpr int BM = 64, BN = 128, BK = 64;
typedef __nv_bfloat16 bf16;
__device__ void mma_ktile(float (&acc)[64], const bf16 *a, const bf16 *b) {
  tirx_wgmma_fence();
#pragma unroll
  for (int k = 0; k < BK / 16; ++k)
    tirx_wgmma_m64n128k16_bf16(acc, tirx_wgmma_desc_sw128(a + k * 16), tirx_wgmma_desc_sw128(b + k * 16), 1);
  tirx_wgmma_commit();
}
__global__ void __launch_bounds__(256, 1) gemm(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB, float *C,
                     int ktiles) {
  extern __shared__ __align__(1024) unsigned char smem[];
  bf16 *As = reinterpret_cast<bf16 *>(smem), *Bs = As + STAGES * BM * BK;
const int wg = tirx_warpgroup_index();
__shared__ uint64_t full[STAGES]; tirx_event_init(full, STAGES, 1); uint32_t __tirx_phase_1_full = 0u;
__shared__ uint64_t empty[STAGES]; tirx_event_init(empty, STAGES, 4); uint32_t __tirx_phase_0_empty = ~0u;
if (wg == 0)
  { tirx_setmaxnreg_dec<40>();
    for (int kt = 0; kt < ktiles; ++kt) {
      const int s = kt % STAGES;
      tirx_event_wait(empty, __tirx_phase_0_empty, s);
      tirx_event_arrive_bytes(&full[s], (BM + BN) * BK * 2, threadIdx.x == 0);
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(As + s * BM * BK, &mapA, blockIdx.x * BM, kt * BK, &full[s]);
        tirx_tma_load_2d(Bs + s * BN * BK, &mapB, 0, kt * BK, &full[s]);
      }
    }
  }
else if (wg == 1)
  { tirx_setmaxnreg_dec<232>();
    float acc[64] = {};
    for (int kt = 0; kt < ktiles; ++kt) {
      const int s = kt % STAGES;
      tirx_event_wait(full, __tirx_phase_1_full, s);
      mma_ktile(acc, As + s * BM * BK, Bs + s * BN * BK);
      tirx_wgmma_wait<0>();
if (tirx_elect_one_sync())
      tirx_mbar_arrive(&empty[s]);
    }
    tirx_wgmma_wait<0>();
    tirx_wgmma_fence_operand(acc);
    for (int i = 0; i < 64; ++i) C[(blockIdx.x * 64 + i) * 128 + threadIdx.x % 128] = acc[i];
  }
}

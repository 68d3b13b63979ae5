// A consumer hands its slot back right after issuing wgmma on it: the group
// that mma_ktile commits reads the slot's shared memory asynchronously until a
// tirx_wgmma_wait<0>(), so the producer's next copy may land in it mid-read.
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
__global__ void gemm(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB, float *C,
                     int ktiles) {
  extern __shared__ __align__(1024) unsigned char smem[];
  bf16 *As = reinterpret_cast<bf16 *>(smem), *Bs = As + STAGES * BM * BK;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(40)
  {
    for (int kt = 0; kt < ktiles; ++kt) {
      const int s = kt % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], (BM + BN) * BK * 2);
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(As + s * BM * BK, &mapA, blockIdx.x * BM, kt * BK, &full[s]);
        tirx_tma_load_2d(Bs + s * BN * BK, &mapB, 0, kt * BK, &full[s]);
      }
    }
  }
#pragma tirx async(wg == 1) regs(232)
  {
    float acc[64] = {};
    for (int kt = 0; kt < ktiles; ++kt) {
      const int s = kt % STAGES;
      tirx_wait(full[s]);
      mma_ktile(acc, As + s * BM * BK, Bs + s * BN * BK);
#pragma tirx elect
      tirx_trigger(empty[s]);
    }
    tirx_wgmma_wait<0>();
    tirx_wgmma_fence_operand(acc);
    for (int i = 0; i < 64; ++i) C[(blockIdx.x * 64 + i) * 128 + threadIdx.x % 128] = acc[i];
  }
}

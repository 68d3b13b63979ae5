// gemm_bf16.cu - the Hopper GEMM: C = A * B^T in bf16 with fp32 accumulation,
// warp-specialized (SPEC sections 3-5) on TMA and wgmma (sm_90a).
// tirx-pp: required
//
//   gemm_bf16 [m [n [k]]]   A is m x k, B is n x k, C is m x n, all row-major
//                           bf16; n and k are rounded up to multiples of 8 (TMA:
//                           rows 16-byte aligned). Default 1000 1500 1064; with m
//                           alone, n = min(m, 600) + 5 and k = min(m, 300) + 7
//
// One block per SM walks the 128 x 256 tiles of C (`persistent`, in groups of 8
// tile rows so that the blocks running together share A's rows and B's columns
// in L2). Warpgroup 0 is the producer: one thread copies each 128 x 64 K-tile
// of A and 256 x 64 K-tile of B into a slot of a 4-slot ring with TMA, which
// completes the slot's `full` event when the bytes land. Warpgroups 1 and 2
// are the consumers, each a 64 x 256 half of the tile in 128 fp32 registers per
// thread: they wait for `full`, issue four wgmma m64n256k16 on the slot, and
// hand the slot back through `empty` one K-tile later, once the next K-tile's
// wgmmas are queued behind it (wgmma.wait_group 1). `regs()` gives the
// consumers 240 registers and the producer 24. Edge tiles need no code: TMA
// reads zeros outside A and B, and its stores of C clip at C's edges. The
// epilogue goes through shared memory and a TMA store, so that it overlaps the
// warpgroup's next tile instead of waiting for device memory.
//
// The CPU reference multiplies the same bf16 values in double; the result is
// within 1e-2 relative Frobenius error (bf16 output rounding is 2^-9) and
// every element within 2^-7 relative of the largest |reference| plus 1 ulp.
//
// gemm_bf16() (below the kernel) is the host call that bench/gemm.cu times
// against cuBLAS; define GEMM_BF16_NO_MAIN to include this file there.
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_bf16"
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
constexpr int BM = 128, BN = 256, BK = 64;  // tile of C; K-tile (64 bf16 = one 128-byte swizzle row)
constexpr int STAGES = 4;
constexpr int kGroupRows = 8;                          // tile rows per L2 group
constexpr int kStageBytes = (BM + BN) * BK * 2;        // what TMA brings per K-tile
constexpr int kStagingBytes = 2 * 64 * 128 * 2;          // C staging, for both consumers
constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024

// Four wgmma m64n256k16 over one K-tile: this warpgroup's 64 rows of the A
// slot times the whole B slot, each step 16 columns (32 bytes) further along K.
__device__ __forceinline__ void mma_ktile(float (&acc)[128], const bf16* a, const bf16* b, bool accumulate) {
  tirx_wgmma_fence();
#pragma tirx unroll
  for (int kk = 0; kk < BK / 16; ++kk)
    tirx_wgmma_m64n256k16_bf16(acc, tirx_wgmma_desc_sw128(a + kk * 16), tirx_wgmma_desc_sw128(b + kk * 16),
                               accumulate || kk > 0);
  tirx_wgmma_commit();
}

// The warpgroup's 64 x 256 accumulator into C at (row0, col0), through its
// 16 KiB staging buffer in two halves of 64 x 128: each half as two 64 x 64
// boxes in TMA's 128-byte swizzle (row r's 16-byte chunk q lands at chunk
// q ^ r % 8: the 8 rows one store instruction touches hit 8 different bank
// groups), then stored by thread 0 with TMA, which clips at C's edges. The
// store runs on while the warpgroup goes on to its next tile; the staging
// buffer is reused only after TMA has read it (wait_group.read).
__device__ __forceinline__ void store_tile(const CUtensorMap* mapC, int row0, int col0, const float (&acc)[128],
                                           bf16* stage, int t, int barrier) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    if (t == 0) tirx_tma_store_wait_read<0>();
    tirx_warpgroup_sync(barrier);  // the previous store has read the buffer
#pragma unroll
    for (int jj = 0; jj < 16; ++jj)
#pragma unroll
      for (int hh = 0; hh < 2; ++hh) {
        const int j = 16 * h + jj, row = r + 8 * hh;
        char* box = reinterpret_cast<char*>(stage) + jj / 8 * 8192;
        *reinterpret_cast<__nv_bfloat162*>(box + row * 128 + ((jj % 8) ^ (row % 8)) * 16 + c * 2) =
            __floats2bfloat162_rn(acc[4 * j + 2 * hh], acc[4 * j + 2 * hh + 1]);
      }
    tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
    tirx_warpgroup_sync(barrier);
    if (t == 0) {
      tirx_tma_store_2d(mapC, row0, col0 + 128 * h, stage);
      tirx_tma_store_2d(mapC, row0, col0 + 128 * h + 64, stage + 64 * 64);
      tirx_tma_store_commit();
    }
  }
}

__global__ void gemm_bf16_kernel(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                                 const __grid_constant__ CUtensorMap mapC, int M, int N, int K) {
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B slots.
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;  // 64 x 128 for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, tiles = (M + BM - 1) / BM * tiles_n, ktiles = (K + BK - 1) / BK;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    int it = 0;  // K-tiles issued so far: the ring position
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    for (int kt = 0; kt < ktiles; ++kt, ++it) {
      const int s = it % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], kStageBytes);  // by thread 0, which issues the copies
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(As + s * BM * BK, &mapA, tile / tiles_n * BM, kt * BK, &full[s]);
        tirx_tma_load_2d(Bs + s * BN * BK, &mapB, tile % tiles_n * BN, kt * BK, &full[s]);
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes rows 0-63 of the tile, warpgroup 2 rows 64-127
    const int half = wg - 1, t = threadIdx.x % 128;
    int it = 0;  // K-tiles consumed so far: follows the producer
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    {
      float acc[128];
      int s = it % STAGES;
      tirx_wait(full[s]);
      mma_ktile(acc, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK, false);
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        mma_ktile(acc, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK, true);
        tirx_wgmma_wait<1>();  // the previous K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[prev]);
      }
      tirx_wgmma_wait<0>();
#pragma tirx elect
      tirx_trigger(empty[s]);
      it += ktiles;
      tirx_wgmma_fence_operand(acc);
      store_tile(&mapC, tile / tiles_n * BM + half * 64, tile % tiles_n * BN, acc, staging + half * 64 * 128, t,
                 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC (tests/gpu/rt_runner.c makes the maps itself)
// C = A * B^T on `stream`: tensor maps for A, B and C, then one block per
// SM (or per tile, when there are fewer) with the shared-memory limit raised,
// not waited for (`#pragma tirx launch`, SPEC 5). n and k must be multiples of
// 8 and the matrices 16-byte aligned (TMA). Returns the first error
// (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t gemm_bf16(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, cudaStream_t stream = 0) {
  if (M < 1 || N < 8 || K < 8 || N % 8 != 0 || K % 8 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, type, A, M, K, (uint64_t)K * 2, BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, type, B, N, K, (uint64_t)K * 2, BN, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, 64, sw);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + BM - 1) / BM * ((N + BN - 1) / BN);
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(kSmemBytes) stream(stream) async status(err)
  gemm_bf16_kernel<<<tiles, 384>>>(mapA, mapB, mapC, M, N, K);
  return err;
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_BF16_NO_MAIN

int main(int argc, char** argv) {
  skip_without_sm90();  // wgmma and setmaxnreg are sm_90a only
  const int M = parse_size(argc, argv, 1, 1000, 1 << 15);
  const int derived = M < 300 ? M : 300;
  int N = parse_size(argc, argv, 2, argc > 1 ? (M < 600 ? M : 600) + 5 : 1500, 1 << 15);
  int K = parse_size(argc, argv, 3, argc > 1 ? derived + 7 : 1064, 1 << 15);
  N = (N + 7) / 8 * 8, K = (K + 7) / 8 * 8;

  std::vector<bf16> hA((size_t)M * K), hB((size_t)N * K);
  std::vector<float> fA(hA.size()), fB(hB.size());
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = __bfloat162float(hA[i] = __float2bfloat16_rn(lcg_float()));
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = __bfloat162float(hB[i] = __float2bfloat16_rn(lcg_float()));

  DeviceArray<bf16> dA(hA), dB(hB), dC((size_t)M * N, kGuard);
  dC.fill(0xFF);  // poison: NaN
  CUDA_CHECK(gemm_bf16(dA, dB, dC, M, N, K));
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<bf16> got = dC.download();

  double err2 = 0, ref2 = 0, max_ref = 0;
  std::vector<double> want((size_t)M * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      const float* a = &fA[(size_t)m * K];
      const float* b = &fB[(size_t)n * K];
      double sum = 0;
      for (int k = 0; k < K; ++k) sum += (double)a[k] * b[k];
      want[(size_t)m * N + n] = sum;
      max_ref = fmax(max_ref, fabs(sum));
    }
  const double tol = max_ref / 128;
  bool ok = true;
  for (size_t i = 0; i < want.size(); ++i) {
    const double g = __bfloat162float(got[i]), w = want[i];
    err2 += (g - w) * (g - w), ref2 += w * w;
    if (ok && !(fabs(g - w) <= tol + fabs(w) / 256)) ok = fail("C", i, g, w);
  }
  if (ok) check_guard("C", got.data() + want.size(), dC.guard(), dC.poison());
  const double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
  if (ok && !(rel < 1e-2)) fail("C (relative Frobenius error x 1e6)", 0, rel * 1e6, 1e4);
  // The checksum is of the reference rounded to bf16, so that it does not
  // depend on the order of the GPU's additions.
  std::vector<bf16> rounded(want.size());
  for (size_t i = 0; i < want.size(); ++i) rounded[i] = __float2bfloat16_rn((float)want[i]);
  printf(EXAMPLE ": m=%d n=%d k=%d c=%016llx\n", M, N, K, checksum(rounded));
  return finish();
}
#endif

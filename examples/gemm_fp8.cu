// gemm_fp8.cu - the Hopper FP8 GEMM: C = scale_a * scale_b * (A * B^T), A and
// B in e4m3, fp32 accumulation, C in bf16, with per-tensor scales; warp-
// specialized (docs/language.md: regions, events, schedules) on TMA and wgmma (sm_90a). A port of
// gemm_bf16.cu: the same kernel with fp8 K-tiles.
// tirx-pp: required
//
//   gemm_fp8 [m [n [k]]]    A is m x k, B is n x k (e4m3), C is m x n (bf16), all
//                           row-major; n is rounded up to a multiple of 8 and k
//                           to a multiple of 16 (TMA: rows 16-byte aligned).
//                           Default 1000 1500 1064; with m alone, n = min(m, 600)
//                           + 5 and k = min(m, 300) + 7
//
// The kernel is gemm_bf16.cu's, byte for byte the same ring: one block per SM
// walks the 128 x 256 tiles of C (`persistent`, grouped by 8 tile rows for
// L2); warpgroup 0, the producer, copies each 128 x 128 K-tile of A and 256 x
// 128 K-tile of B (128 e4m3 = one 128-byte swizzle row, so a slot is 48 KiB as
// in bf16) into a 4-slot ring with TMA (CU_TENSOR_MAP_DATA_TYPE_UINT8: TMA only
// moves bytes); warpgroups 1 and 2 each own a 64 x 256 half of the tile in 128
// fp32 registers per thread and issue four wgmma m64n256k32 e4m3 per K-tile
// (fp8 wgmma reads both operands K-major, which A and B row-major are). The
// scales are applied once, in the epilogue, as scale_a * scale_b times the
// accumulator before its rounding to bf16; the epilogue is gemm_bf16's (shared
// memory in the 128-byte swizzle, TMA stores that clip at C's edges).
//
// Accuracy: the e4m3 inputs are exact in double, so the CPU reference (double
// sums of the same e4m3 values, times the same scales) differs from the GPU's
// only by its accumulation and the bf16 rounding of C (2^-9 relative). The
// fp8 tensor cores keep the accumulator they add into to 13 mantissa bits,
// truncated, at each wgmma (cuBLASLt's "fast accumulation", CUBLASLT_MATMUL_
// DESC_FAST_ACCUM; measured by SageAttention 2 and DeepSeek-V3): at most
// 2^-13 of the running sum lost per wgmma, K / 32 wgmmas. At the sizes run
// here (K <= 1072: at most 36 wgmmas, under 0.5%, plus 0.2% for bf16) that is
// inside the checks: every element within 2^-7 of the largest |reference|
// plus 2^-8 of its own (1.2% of its own at least), and 1e-2 relative
// Frobenius error. (Promoting each K-tile's sums into a second fp32
// accumulator, as DeepGEMM does, would need 256 accumulator registers per
// thread with this tile: gemm_fp8_blockwise.cu does it on 128 x 128 tiles.)
//
// gemm_fp8() (below the kernel) is the host call that bench/gemm_fp8.cu times
// against cuBLASLt; define GEMM_FP8_NO_MAIN to include this file there.
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_fp8"
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
typedef __nv_fp8_e4m3 fp8;
constexpr int BM = 128, BN = 256, BK = 128;  // tile of C; K-tile (128 e4m3 = one 128-byte swizzle row)
constexpr int STAGES = 4;
constexpr int kGroupRows = 8;                          // tile rows per L2 group
constexpr int kStageBytes = (BM + BN) * BK;            // what TMA brings per K-tile (1 byte per element)
constexpr int kStagingBytes = 2 * 64 * 128 * 2;          // C staging (bf16), for both consumers
constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024

// Four wgmma m64n256k32 over one K-tile: this warpgroup's 64 rows of the A
// slot times the whole B slot, each step 32 columns (32 bytes) further along K.
__device__ __forceinline__ void mma_ktile(float (&acc)[128], const fp8* a, const fp8* b, bool accumulate) {
  tirx_wgmma_fence();
#pragma tirx unroll
  for (int kk = 0; kk < BK / 32; ++kk)
    tirx_wgmma_m64n256k32_e4m3(acc, tirx_wgmma_desc_sw128(a + kk * 32), tirx_wgmma_desc_sw128(b + kk * 32),
                               accumulate || kk > 0);
  tirx_wgmma_commit();
}

// The warpgroup's 64 x 256 accumulator, times `scale`, into C at (row0, col0),
// through its 16 KiB staging buffer in two halves of 64 x 128: each half as two
// 64 x 64 boxes in TMA's 128-byte swizzle (row r's 16-byte chunk q lands at
// chunk q ^ r % 8: the 8 rows one store instruction touches hit 8 different
// bank groups), then stored by thread 0 with TMA, which clips at C's edges.
// The store runs on while the warpgroup goes on to its next tile; the staging
// buffer is reused only after TMA has read it (wait_group.read).
__device__ __forceinline__ void store_tile(const CUtensorMap* mapC, int row0, int col0, const float (&acc)[128],
                                           float scale, bf16* stage, int t, int barrier) {
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
            __floats2bfloat162_rn(acc[4 * j + 2 * hh] * scale, acc[4 * j + 2 * hh + 1] * scale);
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

__global__ void gemm_fp8_kernel(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                                const __grid_constant__ CUtensorMap mapC, int M, int N, int K, float scale) {
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B slots.
  fp8* ring = reinterpret_cast<fp8*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  fp8* As = ring;
  fp8* Bs = ring + STAGES * BM * BK;
  bf16* staging = reinterpret_cast<bf16*>(Bs + STAGES * BN * BK);  // 64 x 128 for each consumer warpgroup
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
      store_tile(&mapC, tile / tiles_n * BM + half * 64, tile % tiles_n * BN, acc, scale, staging + half * 64 * 128,
                 t, 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
// C = scale_a * scale_b * A * B^T on `stream`: tensor maps for A, B (bytes)
// and C (bf16), then one block per SM (or per tile, when there are fewer) with
// the shared-memory limit raised, not waited for (`#pragma tirx launch`,
// docs/language.md#launches). n must be a multiple of 8 and k of 16, the matrices 16-byte aligned
// (TMA). Returns the first error (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t gemm_fp8(const fp8* A, const fp8* B, bf16* C, int M, int N, int K, float scale_a, float scale_b,
                            cudaStream_t stream = 0) {
  if (M < 1 || N < 8 || K < 16 || N % 8 != 0 || K % 16 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType in = CU_TENSOR_MAP_DATA_TYPE_UINT8, out = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, in, A, M, K, (uint64_t)K, BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, in, B, N, K, (uint64_t)K, BN, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, 64, sw);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + BM - 1) / BM * ((N + BN - 1) / BN);
  const float scale = scale_a * scale_b;
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(kSmemBytes) stream(stream) async status(err)
  gemm_fp8_kernel<<<tiles, 384>>>(mapA, mapB, mapC, M, N, K, scale);
  return err;
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_FP8_NO_MAIN

// The CPU reference: C = scale_a * scale_b * A * B^T in double (A m x k, B n x k,
// row-major, already converted to float: e4m3 values are exact in float and
// their products and sums of up to 2^15 of them exact enough in double). Into
// want; returns the largest |want|.
static double reference(const std::vector<float>& fA, const std::vector<float>& fB, int M, int N, int K,
                        double scale, std::vector<double>& want) {
  double max_ref = 0;
  want.assign((size_t)M * N, 0.0);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      const float* a = &fA[(size_t)m * K];
      const float* b = &fB[(size_t)n * K];
      double sum = 0;
      for (int k = 0; k < K; ++k) sum += (double)a[k] * b[k];
      want[(size_t)m * N + n] = sum * scale;
      max_ref = fmax(max_ref, fabs(sum * scale));
    }
  return max_ref;
}

// A hand-made case for the reference alone, on the host, before anything else:
// A = [[1, -2, 0.5], [448, 0, -0.015625]] and B = [[2, 1, 4], [-1, 0.25, 8]]
// (all e4m3 values, k = 3) with scales 0.5 and 0.25: C = 0.125 * [[2, 2.5],
// [895.9375, -448.125]]. Also checks the e4m3 conversion of those values.
static bool reference_selftest() {
  const float a[6] = {1, -2, 0.5f, 448, 0, -0.015625f}, b[6] = {2, 1, 4, -1, 0.25f, 8};
  std::vector<float> fA(6), fB(6);
  for (int i = 0; i < 6; ++i) fA[i] = (float)fp8(a[i]), fB[i] = (float)fp8(b[i]);
  std::vector<double> want;
  const double max_ref = reference(fA, fB, 2, 2, 3, 0.5 * 0.25, want);
  const double expect[4] = {0.125 * 2, 0.125 * 2.5, 0.125 * 895.9375, 0.125 * -448.125};
  for (int i = 0; i < 6; ++i)
    if (fA[i] != a[i] || fB[i] != b[i]) return fail("reference self-test: e4m3 value", i, fA[i], a[i]);
  for (int i = 0; i < 4; ++i)
    if (want[i] != expect[i]) return fail("reference self-test: C", i, want[i], expect[i]);
  if (max_ref != 0.125 * 895.9375) return fail("reference self-test: max |C|", 0, max_ref, 0.125 * 895.9375);
  return true;
}

int main(int argc, char** argv) {
  if (!reference_selftest()) return finish();
  skip_without_sm90();  // wgmma and setmaxnreg are sm_90a only
  const int M = parse_size(argc, argv, 1, 1000, 1 << 15);
  const int derived = M < 300 ? M : 300;
  int N = parse_size(argc, argv, 2, argc > 1 ? (M < 600 ? M : 600) + 5 : 1500, 1 << 15);
  int K = parse_size(argc, argv, 3, argc > 1 ? derived + 7 : 1064, 1 << 15);
  N = (N + 7) / 8 * 8, K = (K + 15) / 16 * 16;
  // Per-tensor scales as a quantizer would pick them: inputs spread over
  // [-4, 4) in e4m3, scales whose product (0.09375) is exact in float.
  const float scale_a = 0.25f, scale_b = 0.375f;

  std::vector<fp8> hA((size_t)M * K), hB((size_t)N * K);
  std::vector<float> fA(hA.size()), fB(hB.size());
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = (float)(hA[i] = fp8(4.0f * lcg_float()));
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = (float)(hB[i] = fp8(4.0f * lcg_float()));

  DeviceArray<fp8> dA(hA), dB(hB);
  DeviceArray<bf16> dC((size_t)M * N, kGuard);
  dC.fill(0xFF);  // poison: NaN
  CUDA_CHECK(gemm_fp8(dA, dB, dC, M, N, K, scale_a, scale_b));
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<bf16> got = dC.download();

  std::vector<double> want;
  const double max_ref = reference(fA, fB, M, N, K, (double)scale_a * scale_b, want);
  const double tol = max_ref / 128;
  double err2 = 0, ref2 = 0;
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

// gemm_fp8_blockwise.cu - the Hopper FP8 GEMM with DeepGEMM-style fine-grained
// scales: C = sum over 128-wide K-blocks kb of scale_a[kb][m] * scale_b[n /
// 128][kb] * (A * B^T restricted to kb), A and B e4m3, C bf16; each K-block's
// partial sums promoted into an fp32 accumulator (warp-specialized,
// docs/language.md: regions, events, schedules; on TMA and wgmma, sm_90a).
// tirx-pp: required
//
//   gemm_fp8_blockwise [m [n [k]]]   A is m x k, B is n x k (e4m3), C is m x n
//                           (bf16), all row-major; n is rounded up to a multiple
//                           of 8 and k to a multiple of 16 (TMA: rows 16-byte
//                           aligned). Default 1000 1500 1064; with m alone,
//                           n = min(m, 600) + 5 and k = min(m, 300) + 7
//
// The scales, fp32, one per 1 x 128 block of A and per 128 x 128 block of B:
// scale_a is ceil(k/128) x m, K-block-major (scale_a[kb * m + row]: the m
// scales of one K-block are contiguous), scale_b is ceil(n/128) x ceil(k/128),
// row-major (scale_b[nb * ceil(k/128) + kb]).
//
// gemm_fp8.cu's kernel with two changes. The tile of C is 128 x 128 (one B
// scale per K-tile), so that each consumer warpgroup holds its 64 x 128 fp32
// accumulator and a second 64 x 128 for the K-tile (64 + 64 registers per
// thread): four wgmma m64n128k32 into the second, wgmma.wait_group 0, the slot
// handed back, and the K-tile's partial sums, times their row's A scale and
// the tile's B scale, added into the first with fp32 FMAs. So the tensor
// cores' 13-bit accumulator (see gemm_fp8.cu) adds at most 128 products, and
// the fp32 accumulation is as cuBLASLt's default (promoted) mode. The
// consumers read the scales from global memory (L2) at the top of each
// K-tile, before they wait for its slot. The other warpgroup's wgmmas keep the
// tensor cores busy while one promotes.
//
// The CPU reference sums each K-block in double, scales it and adds; the
// result is within 1e-2 relative Frobenius error (bf16 output rounding is
// 2^-9) and every element within 2^-7 of the largest |reference| plus 2^-8 of
// its own.
//
// gemm_fp8_blockwise() (below the kernel) is the host call.
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_fp8_blockwise"
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
typedef __nv_fp8_e4m3 fp8;
constexpr int BM = 128, BN = 128, BK = 128;  // tile of C; K-tile (128 e4m3 = one 128-byte swizzle row) = scale block
constexpr int STAGES = 4;
constexpr int kGroupRows = 8;                          // tile rows per L2 group
constexpr int kStageBytes = (BM + BN) * BK;            // what TMA brings per K-tile (1 byte per element)
constexpr int kStagingBytes = 2 * 64 * 128 * 2;          // C staging (bf16), for both consumers
constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024

// Four wgmma m64n128k32 over one K-tile into `part` (which starts from zero):
// this warpgroup's 64 rows of the A slot times the B slot, each step 32
// columns (32 bytes) further along K.
__device__ __forceinline__ void mma_ktile(float (&part)[64], const fp8* a, const fp8* b) {
  tirx_wgmma_fence();
#pragma tirx unroll
  for (int kk = 0; kk < BK / 32; ++kk)
    tirx_wgmma_m64n128k32_e4m3(part, tirx_wgmma_desc_sw128(a + kk * 32), tirx_wgmma_desc_sw128(b + kk * 32), kk > 0);
  tirx_wgmma_commit();
}

// The warpgroup's 64 x 128 accumulator into C at (row0, col0), through its
// 16 KiB staging buffer as two 64 x 64 boxes in TMA's 128-byte swizzle (as
// gemm_bf16.cu's store_tile, one half of it), stored by thread 0 with TMA,
// which clips at C's edges.
__device__ __forceinline__ void store_tile(const CUtensorMap* mapC, int row0, int col0, const float (&acc)[64],
                                           bf16* stage, int t, int barrier) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
  if (t == 0) tirx_tma_store_wait_read<0>();
  tirx_warpgroup_sync(barrier);  // the previous store has read the buffer
#pragma unroll
  for (int jj = 0; jj < 16; ++jj)
#pragma unroll
    for (int hh = 0; hh < 2; ++hh) {
      const int row = r + 8 * hh;
      char* box = reinterpret_cast<char*>(stage) + jj / 8 * 8192;
      *reinterpret_cast<__nv_bfloat162*>(box + row * 128 + ((jj % 8) ^ (row % 8)) * 16 + c * 2) =
          __floats2bfloat162_rn(acc[4 * jj + 2 * hh], acc[4 * jj + 2 * hh + 1]);
    }
  tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
  tirx_warpgroup_sync(barrier);
  if (t == 0) {
    tirx_tma_store_2d(mapC, row0, col0, stage);
    tirx_tma_store_2d(mapC, row0, col0 + 64, stage + 64 * 64);
    tirx_tma_store_commit();
  }
}

__global__ void gemm_fp8_blockwise_kernel(const __grid_constant__ CUtensorMap mapA,
                                          const __grid_constant__ CUtensorMap mapB,
                                          const __grid_constant__ CUtensorMap mapC, const float* __restrict__ scale_a,
                                          const float* __restrict__ scale_b, int M, int N, int K) {
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
    const int r = t / 32 * 16 + t % 32 / 4;  // this thread's rows of the 64: r and r + 8
    int it = 0;                              // K-tiles consumed so far: follows the producer
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    {
      const int row0 = tile / tiles_n * BM + half * 64, nb = tile % tiles_n;  // BN = 128: nb is B's scale block
      // Rows past M (zeros from TMA, clipped at the store) read row M - 1's scales.
      const int ra = row0 + r < M ? row0 + r : M - 1, rb = row0 + r + 8 < M ? row0 + r + 8 : M - 1;
      float acc[64];
#pragma unroll
      for (int j = 0; j < 64; ++j) acc[j] = 0.0f;
      for (int kt = 0; kt < ktiles; ++kt) {
        const int s = (it + kt) % STAGES;
        const float sb = scale_b[(size_t)nb * ktiles + kt];
        const float s0 = scale_a[(size_t)kt * M + ra] * sb, s1 = scale_a[(size_t)kt * M + rb] * sb;
        float part[64];
        tirx_wait(full[s]);
        mma_ktile(part, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK);
        tirx_wgmma_wait<0>();  // this K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[s]);
        tirx_wgmma_fence_operand(part);
        // Element j is in row r + 8 * ((j / 2) % 2) (the accumulator layout, tirx/wgmma.h).
#pragma unroll
        for (int j = 0; j < 64; ++j) acc[j] += part[j] * (j & 2 ? s1 : s0);
      }
      it += ktiles;
      store_tile(&mapC, row0, tile % tiles_n * BN, acc, staging + half * 64 * 128, t, 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
// C from A, B and their block scales (layouts above) on `stream`: tensor maps
// for A, B (bytes) and C (bf16), then one block per SM (or per tile, when
// there are fewer), not waited for. n must be a multiple of 8 and k of 16, the
// matrices 16-byte aligned (TMA). Returns the first error
// (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t gemm_fp8_blockwise(const fp8* A, const fp8* B, bf16* C, const float* scale_a,
                                      const float* scale_b, int M, int N, int K, cudaStream_t stream = 0) {
  if (M < 1 || N < 8 || K < 16 || N % 8 != 0 || K % 16 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  if (((uintptr_t)scale_a | (uintptr_t)scale_b) % 4 != 0) return cudaErrorMisalignedAddress;
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType in = CU_TENSOR_MAP_DATA_TYPE_UINT8, out = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, in, A, M, K, (uint64_t)K, BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, in, B, N, K, (uint64_t)K, BN, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, 64, sw);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + BM - 1) / BM * ((N + BN - 1) / BN);
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(kSmemBytes) stream(stream) async status(err)
  gemm_fp8_blockwise_kernel<<<tiles, 384>>>(mapA, mapB, mapC, scale_a, scale_b, M, N, K);
  return err;
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_FP8_BLOCKWISE_NO_MAIN

// The CPU reference: for each K-block, the double sum of the e4m3 products (in
// float, exact), times the block's two scales, added in double. Into want;
// returns the largest |want|.
static double reference(const std::vector<float>& fA, const std::vector<float>& fB, const std::vector<float>& sa,
                        const std::vector<float>& sb, int M, int N, int K, std::vector<double>& want) {
  const int kb_count = (K + BK - 1) / BK;
  double max_ref = 0;
  want.assign((size_t)M * N, 0.0);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      const float* a = &fA[(size_t)m * K];
      const float* b = &fB[(size_t)n * K];
      double sum = 0;
      for (int kb = 0; kb < kb_count; ++kb) {
        double part = 0;
        for (int k = kb * BK; k < K && k < (kb + 1) * BK; ++k) part += (double)a[k] * b[k];
        sum += part * sa[(size_t)kb * M + m] * sb[(size_t)(n / BN) * kb_count + kb];
      }
      want[(size_t)m * N + n] = sum;
      max_ref = fmax(max_ref, fabs(sum));
    }
  return max_ref;
}

// A hand-made case for the reference alone, on the host: m = 1, n = 1, k =
// 130 (two K-blocks, the second 2 wide): A = 1 everywhere but A[0] = 2 and
// A[129] = -3, B = 0.5 everywhere, scale_a = {0.25, 4}, scale_b = {2, 2}:
// C = 0.25 * 2 * (2 + 127) * 0.5 + 4 * 2 * (1 - 3) * 0.5 = 32.25 - 8 = 24.25;
// then one for the B scale's column blocks.
static bool reference_selftest() {
  std::vector<float> fA(130, 1.0f), fB(130, 0.5f), sa = {0.25f, 4.0f}, sb = {2.0f, 2.0f};
  fA[0] = 2.0f, fA[129] = -3.0f;
  std::vector<double> want;
  reference(fA, fB, sa, sb, 1, 1, 130, want);
  if (want[0] != 24.25) return fail("reference self-test: C", 0, want[0], 24.25);
  // B's scale block is n / 128: m = 1, n = 130, k = 16, A = B = 1, scale_a =
  // {1}, scale_b = {3, 5}: C = 48 in columns 0-127, 80 in 128 and 129.
  std::vector<float> ones(130 * 16, 1.0f), one = {1.0f}, sb2 = {3.0f, 5.0f};
  reference(ones, ones, one, sb2, 1, 130, 16, want);
  for (int n = 0; n < 130; ++n)
    if (want[n] != (n < 128 ? 48.0 : 80.0))
      return fail("reference self-test: C (n blocks)", n, want[n], n < 128 ? 48 : 80);
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
  const int kb_count = (K + BK - 1) / BK, nb_count = (N + BN - 1) / BN;

  // Inputs over [-4, 4) in e4m3; scales in [1/8, 2), as a quantizer would
  // pick them per block (any float: the reference uses the same values).
  std::vector<fp8> hA((size_t)M * K), hB((size_t)N * K);
  std::vector<float> fA(hA.size()), fB(hB.size()), sa((size_t)kb_count * M), sb((size_t)nb_count * kb_count);
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = (float)(hA[i] = fp8(4.0f * lcg_float()));
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = (float)(hB[i] = fp8(4.0f * lcg_float()));
  for (float& s : sa) s = 1.0625f + 0.9375f * lcg_float();
  for (float& s : sb) s = 1.0625f + 0.9375f * lcg_float();

  DeviceArray<fp8> dA(hA), dB(hB);
  DeviceArray<float> dSa(sa), dSb(sb);
  DeviceArray<bf16> dC((size_t)M * N, kGuard);
  dC.fill(0xFF);  // poison: NaN
  CUDA_CHECK(gemm_fp8_blockwise(dA, dB, dC, dSa, dSb, M, N, K));
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<bf16> got = dC.download();

  std::vector<double> want;
  const double max_ref = reference(fA, fB, sa, sb, M, N, K, want);
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

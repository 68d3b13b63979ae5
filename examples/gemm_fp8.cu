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
// memory in the 128-byte swizzle, TMA stores that clip at C's edges). Besides
// gemm_bf16's four tile shapes, a 256 x 184 one (Tile256x184 below) for
// sizes whose waves it fills best, such as 5000 x 6000 (pick_tile_fp8).
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

// gemm_bf16.cu's tile shapes, K-tile of wgmmas and epilogue (shared with it):
// an fp8 K-tile of 128 e4m3 is 128 bytes, a bf16 K-tile of 64 bf16 too, so
// the ring and its slots are byte for byte the same and TileShape's sizes
// (in bf16 elements, BK = 64) hold as they are.
#include "gemm_bf16_tiles.cuh"
typedef __nv_fp8_e4m3 fp8;
constexpr int kFp8BK = 128;  // e4m3 per K-tile: TMA's K coordinate steps by this

// A fifth shape, FP8's alone: 256 x 184 (each consumer 128 x 184, two wgmma
// m64n184k32 per K step, 184 accumulator registers and no spills), for sizes
// where it fills the waves best: 5000 x 6000 is 20 x 33 of them, 5 waves of
// 132 (128 x 256: 7.3 waves, 192 x 160: 7.8). Its C blocks are staged one at a
// time in the ring slot (4 slots of 55 KiB leave no room for another).
using Tile256x184 = TileShape<2, 184, false, 4, 1>;

// One wgmma m64nWNk32 e4m3 (WN = 256, 184, 152, 128 or 80): mma_ktile's
// instruction here (gemm_bf16_tiles.cuh; its four K steps of 32 bytes are 32
// e4m3 each).
struct WgmmaFp8 {
  template <int WN>
  __device__ static void issue(float (&d)[WN / 2], uint64_t desc_a, uint64_t desc_b, bool accumulate) {
    static_assert(WN == 256 || WN == 184 || WN == 152 || WN == 128 || WN == 80, "no fp8 wgmma helper for this width");
    if constexpr (WN == 256) tirx_wgmma_m64n256k32_e4m3(d, desc_a, desc_b, accumulate);
    else if constexpr (WN == 184) tirx_wgmma_m64n184k32_e4m3(d, desc_a, desc_b, accumulate);
    else if constexpr (WN == 128) tirx_wgmma_m64n128k32_e4m3(d, desc_a, desc_b, accumulate);
    else if constexpr (WN == 152) tirx_wgmma_m64n152k32_e4m3(d, desc_a, desc_b, accumulate);
    else tirx_wgmma_m64n80k32_e4m3(d, desc_a, desc_b, accumulate);
  }
};

// gemm_bf16.cu's kernel (unsplit) with e4m3 K-tiles and the scale applied
// before the epilogue: see there for the ring, the deferred hand-back of the
// staging slot and the shapes.
template <class T>
__global__ void gemm_fp8_kernel(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                                const __grid_constant__ CUtensorMap mapC, int M, int N, int K, float scale) {
  constexpr int BM = T::BM, BN = T::BN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;
  const int tiles_n = (N + BN - 1) / BN, tiles = (M + BM - 1) / BM * tiles_n, ktiles = (K + kFp8BK - 1) / kFp8BK;
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
      tirx_trigger_bytes(full[s], T::kStageBytes);  // by thread 0, which issues the copies
      if (threadIdx.x == 0)
        load_ktile<T>(As, Bs, s, &mapA, &mapB, tile / tiles_n * BM, tile % tiles_n * BN, kt * kFp8BK, &full[s]);
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes the first R x 64 x WN block of the tile, warpgroup 2 the second
    const int half = wg - 1, t = threadIdx.x % 128;
    const int a_row = T::kSideBySide ? 0 : half * 64 * T::R, b_row = T::kSideBySide ? half * T::WN : 0;
    int it = 0;  // K-tiles consumed so far: follows the producer
    int staged = -1;  // the ring slot that holds the previous tile's C until TMA has read it
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    {
      float acc[T::R][T::WN / 2];
      int s = it % STAGES;
      tirx_wait(full[s]);
      mma_ktile<T, WgmmaFp8>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, false);
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
      if (staged >= 0) {  // the previous tile's C is out of its slot by now: hand the slot back
        wait_stores_read(t);
#pragma tirx elect
        tirx_trigger(empty[staged]);
      }
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        mma_ktile<T, WgmmaFp8>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, true);
        tirx_wgmma_wait<1>();  // the previous K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[prev]);
      }
      tirx_wgmma_wait<0>();
      it += ktiles;
#pragma unroll
      for (int i = 0; i < T::R; ++i) {
        tirx_wgmma_fence_operand(acc[i]);
#pragma unroll
        for (int j = 0; j < T::WN / 2; ++j) acc[i][j] *= scale;
      }
      const int row0 = tile / tiles_n * BM + a_row, col0 = tile % tiles_n * BN + b_row;
      tirx_bar_sync(3, 256);  // both consumers are done reading slot s: it is (part of) the staging now
      store_c<T>(&mapC, row0, col0, acc, As, Bs, staging, s, half, t);
      staged = s;
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
template <class T>
static cudaError_t launch_gemm_fp8(const fp8* A, const fp8* B, bf16* C, int M, int N, int K, float scale,
                                   cudaStream_t stream) {
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType in = CU_TENSOR_MAP_DATA_TYPE_UINT8, out = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, in, A, M, K, (uint64_t)K, T::BM, kFp8BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, in, B, N, K, (uint64_t)K, T::BN, kFp8BK, sw);
  if (r == CUDA_SUCCESS)  // C's boxes: what a consumer stages (store_tile_tma, store_blocks_tma)
    r = T::kSwizzledStore ? tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, 64, sw)
                          : tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, T::WN,
                                               CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + T::BM - 1) / T::BM * ((N + T::BN - 1) / T::BN);
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_fp8_kernel<T><<<tiles, 384>>>(mapA, mapB, mapC, M, N, K, scale);
  return err;
}

constexpr GemmTile kTile256x184 = GemmTile(kTileShapes);  // after gemm_bf16's four

// pick_tile's shape for m x n on `sms` multiprocessors, or 256 x 184 where
// its tiles leave at least 2% less work per multiprocessor (pick_tile's
// measure: waves times tile area, 128 x 128 counted kSmallTileCost times).
static GemmTile pick_tile_fp8(int M, int N, int sms) {
  const GemmTile best = pick_tile(M, N, sms);
  const int bm[kTileShapes + 1] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM, Tile128x128::BM,
                                   Tile256x184::BM};
  const int bn[kTileShapes + 1] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN, Tile128x128::BN,
                                   Tile256x184::BN};
  auto work = [&](int i) {
    const long long tiles = (long long)((M + bm[i] - 1) / bm[i]) * ((N + bn[i] - 1) / bn[i]);
    return (double)((tiles + sms - 1) / sms) * bm[i] * bn[i] * (i == kTile128x128 ? kSmallTileCost : 1.0);
  };
  return work(kTile256x184) < work(best) * 0.98 ? kTile256x184 : best;
}

// C = scale_a * scale_b * A * B^T on `stream` with the given tile shape
// (kTileAuto: pick_tile_fp8's). n must be a multiple of 8 and k of 16, the
// matrices 16-byte aligned (TMA). Returns the first error
// (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t gemm_fp8_tile(const fp8* A, const fp8* B, bf16* C, int M, int N, int K, float scale_a,
                                 float scale_b, GemmTile tile, cudaStream_t stream = 0) {
  if (M < 1 || N < 8 || K < 16 || N % 8 != 0 || K % 16 != 0) return cudaErrorInvalidValue;
  cudaError_t e = cudaSuccess;
  if (tile == kTileAuto) {
    int device = 0, sms = 0;
    e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    tile = pick_tile_fp8(M, N, sms);
  }
  GemmTile checked = tile;  // resolve_tile checks the sizes and alignment (the shape is chosen)
  e = resolve_tile(reinterpret_cast<const bf16*>(A), reinterpret_cast<const bf16*>(B), C, M, N, K, 1, &checked);
  if (e != cudaSuccess) return e;
  const float scale = scale_a * scale_b;
  if (tile == kTile256x184) return launch_gemm_fp8<Tile256x184>(A, B, C, M, N, K, scale, stream);
  return with_tile_shape(
      tile, [&](auto shape) { return launch_gemm_fp8<decltype(shape)>(A, B, C, M, N, K, scale, stream); });
}

// C = scale_a * scale_b * A * B^T on `stream`, the tile shape chosen for m x n:
// what bench/gemm_fp8.cu times against cuBLASLt.
static cudaError_t gemm_fp8(const fp8* A, const fp8* B, bf16* C, int M, int N, int K, float scale_a, float scale_b,
                            cudaStream_t stream = 0) {
  return gemm_fp8_tile(A, B, C, M, N, K, scale_a, scale_b, kTileAuto, stream);
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
  std::vector<double> want;
  const double max_ref = reference(fA, fB, M, N, K, (double)scale_a * scale_b, want);
  const double tol = max_ref / 128;
  // The shape pick_tile_fp8 picks, then each shape forced, each into a freshly poisoned C.
  const GemmTile tiles[6] = {kTileAuto, kTile128x256, kTile256x152, kTile192x160, kTile128x128, kTile256x184};
  const char* names[6] = {"C (tile picked)",  "C (tile 128x256)", "C (tile 256x152)",
                          "C (tile 192x160)", "C (tile 128x128)", "C (tile 256x184)"};
  bool ok = true;
  for (int v = 0; v < 6 && ok; ++v) {
    dC.fill(0xFF);  // poison: NaN
    CUDA_CHECK(gemm_fp8_tile(dA, dB, dC, M, N, K, scale_a, scale_b, tiles[v]));
    CUDA_CHECK(cudaDeviceSynchronize());
    ok = check_gemm_output(names[v], dC.download(), want, tol, dC.guard(), dC.poison());
  }
  printf(EXAMPLE ": m=%d n=%d k=%d c=%016llx\n", M, N, K, reference_checksum(want));
  return finish();
}
#endif

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
// gemm_fp8.cu's ring (a producer warpgroup copying K-tiles of A and B with
// TMA, two consumer warpgroups of 64 rows each issuing wgmma m64n128k32 e4m3),
// with the scales applied per K-block: each K-tile's wgmmas go into partial
// sums that start from zero, and once they are done, the partial sums times
// their row's A scale and their column block's B scale are added into the
// fp32 accumulator (one FMA each: DeepGEMM's promotion). So the tensor cores'
// 13-bit accumulator (see gemm_fp8.cu) adds at most 128 products, and the
// fp32 accumulation is as cuBLASLt's default (promoted) mode. The consumers
// load the next K-tile's scales (L2) while this one's wgmmas run. Two tile
// shapes (BlockShape below), as registers allow (240 per consumer thread):
// 128 x 128, whose two sets of partial sums let the next K-tile's wgmmas be
// issued before the previous K-tile is promoted, and 128 x 256 (the per-
// tensor kernel's tile), whose K-tiles run as two halves of 128 columns, each
// waited for and promoted before the next. The host picks the one that fills
// the GPU's waves better (pick_block_tile). The kernel runs in clusters of
// one block or, on request, of two that multicast B's K-tiles.
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
#include "gemm_check.h"  // the check of C against the CPU's, shared by the GEMM examples
// mma_ktile, KtileScales, tile_scales, load_scales, promote (shared with gemm_grouped_fp8_blockwise.cu)
#include "gemm_fp8_blockwise.cuh"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
typedef __nv_fp8_e4m3 fp8;
constexpr int BM = 128, BK = 128;  // tile rows; K-tile (128 e4m3 = one 128-byte swizzle row) = scale block
constexpr int kGroupRows = 8;      // tile rows per L2 group

// A tile shape: BM x BN tiles of C and a ring of STAGES K-tiles. Each
// consumer warpgroup holds 64 x BN of C in fp32, BN / 2 registers per thread,
// and partial sums of a K-tile beside it:
// - BN = 128 (OVERLAP): two sets of 64 x 128, so that the next K-tile's
//   wgmmas are issued into the second before the first is promoted, and the
//   tensor cores have this warpgroup's work queued while it promotes;
// - BN = 256 (the per-tensor kernel's tile, gemm_fp8.cu): one set of 64 x 128,
//   each K-tile's wgmmas in two halves of 128 columns, each half promoted
//   (with its own B scale block) before the next is issued.
// C goes out through a 64 x 128 staging buffer per consumer, as 64 x 64 boxes
// in the 128-byte swizzle (256: two pieces, one after the other).
template <int BN_, int STAGES_>
struct BlockShape {
  static constexpr int BN = BN_, STAGES = STAGES_, kAcc = BN_ / 2;
  static constexpr bool kOverlap = BN_ == 128, kHalves = BN_ == 256;
  static_assert(kOverlap || kHalves, "tile widths 128 and 256");
  static constexpr int kPart = 64;                          // partial-sum registers per thread (per set)
  static constexpr int kPieceN = 128;                       // columns staged at a time
  static constexpr int kStageBytes = (BM + BN) * BK;        // what TMA brings per K-tile (1 byte per element)
  static constexpr int kStagingBytes = 2 * 64 * kPieceN * 2;  // C staging (bf16), for both consumers
  static constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024
  static_assert(kSmemBytes <= 227 * 1024, "more shared memory than an sm_90 block has");
};
using Shape128 = BlockShape<128, 6>;
using Shape256 = BlockShape<256, 4>;

// The warpgroup's 64 x BN accumulator into C at (row0, col0), in pieces of
// 64 x 128 through its staging buffer (once TMA has read what it held
// before), each as two 64 x 64 boxes in TMA's 128-byte swizzle (row r's
// 16-byte chunk q at chunk q ^ r % 8: the 8 rows a store instruction touches
// hit 8 bank groups), stored by thread 0 with TMA, which clips at C's edges.
template <class T>
__device__ __forceinline__ void store_tile(const CUtensorMap* mapC, int row0, int col0, const float (&acc)[T::kAcc],
                                           bf16* stage, int t, int barrier) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int piece = 0; piece < T::BN / 128; ++piece) {
    if (t == 0) tirx_tma_store_wait_read<0>();
    tirx_warpgroup_sync(barrier);  // the previous store has read the buffer
#pragma unroll
    for (int jj = 0; jj < 16; ++jj)
#pragma unroll
      for (int hh = 0; hh < 2; ++hh) {
        const int row = r + 8 * hh, j = 4 * (16 * piece + jj) + 2 * hh;
        char* box = reinterpret_cast<char*>(stage) + jj / 8 * 8192;
        *reinterpret_cast<__nv_bfloat162*>(box + row * 128 + ((jj % 8) ^ (row % 8)) * 16 + c * 2) =
            __floats2bfloat162_rn(acc[j], acc[j + 1]);
      }
    tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
    tirx_warpgroup_sync(barrier);
    if (t == 0) {
      tirx_tma_store_2d(mapC, row0, col0 + 128 * piece, stage);
      tirx_tma_store_2d(mapC, row0, col0 + 128 * piece + 64, stage + 64 * 64);
      tirx_tma_store_commit();
    }
  }
}

// The kernel, in clusters of CM blocks (1 or 2) that share B's K-tiles
// through TMA multicast (docs/clusters.md), as gemm_bf16_cluster.cu pairs its
// tiles one above the other: the blocks of a cluster take tile rows CM p ...
// CM p + CM - 1 of one tile column (a unit), walked persistent in groups of 8
// tile rows, and each copies its part of the BN x 128 K-tile of B (BN / CM
// rows: whole 1024-byte swizzle atoms) into the same slot of every block, and
// its own K-tile of A into its own. `full` and `empty` are cluster events: a
// slot is free only once the consumers of every block are done with it (a
// cluster of one counts its own block only). The consumers load the next
// K-tile's scales (L2) while this one's wgmmas run.
template <class T, int CM>
__global__ void gemm_fp8_blockwise_kernel(const __grid_constant__ CUtensorMap mapA,
                                          const __grid_constant__ CUtensorMap mapB,
                                          const __grid_constant__ CUtensorMap mapC, const float* __restrict__ scale_a,
                                          const float* __restrict__ scale_b, int M, int N, int K) {
  constexpr int BN = T::BN, STAGES = T::STAGES, kPartB = BN / CM;
  static_assert((CM == 1 || CM == 2) && kPartB % 8 == 0, "clusters of 1 or 2, B's parts whole swizzle atoms");
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B
  // slots, at the same offsets in every block (multicast writes there).
  fp8* ring = reinterpret_cast<fp8*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  fp8* As = ring;
  fp8* Bs = ring + STAGES * BM * BK;
  bf16* staging = reinterpret_cast<bf16*>(Bs + STAGES * BN * BK);  // 64 x kPieceN for each consumer warpgroup
  // A unit: the CM tiles one above the other that a cluster takes at once.
  const int tiles_n = (N + BN - 1) / BN, units = ((M + BM - 1) / BM + CM - 1) / CM * tiles_n;
  const int ktiles = (K + BK - 1) / BK;
  const int rank = CM == 1 ? 0 : (int)tirx_cluster_rank();  // the unit's tile, and B's part, of this block
  const int cluster = blockIdx.x / CM, clusters = gridDim.x / CM;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES] cluster
#pragma tirx event empty[STAGES] ready cluster
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    int it = 0;  // K-tiles issued so far: the ring position
    for (int pos = cluster; pos < units; pos += clusters) {
      const int unit = tirx_tile_grouped(pos, units, tiles_n, kGroupRows / CM);
      const int row0 = (unit / tiles_n * CM + rank) * BM, col0 = unit % tiles_n * BN;
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);                          // free in every block
        tirx_trigger_bytes(full[s], T::kStageBytes);  // A and every part of B land here
        if (threadIdx.x == 0) {
          tirx_tma_load_2d(As + s * BM * BK, &mapA, row0, kt * BK, &full[s]);
          fp8* b_part = Bs + (s * BN + rank * kPartB) * BK;
          if constexpr (CM == 1) tirx_tma_load_2d(b_part, &mapB, col0, kt * BK, &full[s]);
          else tirx_tma_load_2d_multicast(b_part, &mapB, col0 + rank * kPartB, kt * BK, &full[s], (1 << CM) - 1);
        }
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes rows 0-63 of the tile, warpgroup 2 rows 64-127
    const int half = wg - 1, t = threadIdx.x % 128;
    const int r = t / 32 * 16 + t % 32 / 4;  // this thread's rows of the 64: r and r + 8
    int it = 0;                              // K-tiles consumed so far: follows the producer
    for (int pos = cluster; pos < units; pos += clusters) {
      const int unit = tirx_tile_grouped(pos, units, tiles_n, kGroupRows / CM);
      const int row0 = (unit / tiles_n * CM + rank) * BM + half * 64, col0 = unit % tiles_n * BN;
      const TileScaleRefs ts = tile_scales<BN>(scale_a, scale_b, row0, col0, r, M, N, ktiles);
      const fp8* a_rows = As + half * 64 * BK;  // this warpgroup's rows of each A slot
      float acc[T::kAcc];
#pragma unroll
      for (int j = 0; j < T::kAcc; ++j) acc[j] = 0.0f;
#pragma tirx uniform  // a compile-time branch: every consumer thread takes it alike
      if constexpr (T::kOverlap) {
        // Two sets of partial sums: K-tile kt's wgmmas run into part0 (kt
        // even) or part1 while the other set, K-tile kt - 1's, is promoted.
        // Every way out of the loop passes a wait for all wgmmas (ptxas
        // serializes the wgmmas where one might still run at the exit). The
        // loop is unrolled by two by hand: its halves differ only in which
        // set each uses, and an array of registers cannot be picked at run
        // time (it would go to local memory).
        float part0[T::kPart], part1[T::kPart];
        KtileScales cur = load_scales(ts, 0, M), nxt = {};
        tirx_wait(full[it % STAGES]);
        mma_ktile(part0, a_rows + it % STAGES * BM * BK, Bs + it % STAGES * BN * BK);
        for (int kt = 0;; kt += 2) {
          const int s0 = (it + kt) % STAGES, s1 = (it + kt + 1) % STAGES, s2 = (it + kt + 2) % STAGES;
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
          if (kt + 1 < ktiles) {
            nxt = load_scales(ts, kt + 1, M);
            tirx_wait(full[s1]);
            mma_ktile(part1, a_rows + s1 * BM * BK, Bs + s1 * BN * BK);
            tirx_wgmma_wait<1>();  // K-tile kt's wgmmas are done with their slot
#pragma tirx elect
            tirx_trigger(empty[s0]);  // in every block
            tirx_wgmma_fence_operand(part0);
            promote<0>(acc, part0, cur.a0 * cur.b0, cur.a1 * cur.b0);
          } else {
            tirx_wgmma_wait<0>();
#pragma tirx elect
            tirx_trigger(empty[s0]);
            tirx_wgmma_fence_operand(part0);
            promote<0>(acc, part0, cur.a0 * cur.b0, cur.a1 * cur.b0);
            break;
          }
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
          if (kt + 2 < ktiles) {
            cur = load_scales(ts, kt + 2, M);
            tirx_wait(full[s2]);
            mma_ktile(part0, a_rows + s2 * BM * BK, Bs + s2 * BN * BK);
            tirx_wgmma_wait<1>();  // K-tile kt + 1's wgmmas are done with their slot
#pragma tirx elect
            tirx_trigger(empty[s1]);
            tirx_wgmma_fence_operand(part1);
            promote<0>(acc, part1, nxt.a0 * nxt.b0, nxt.a1 * nxt.b0);
          } else {
            tirx_wgmma_wait<0>();
#pragma tirx elect
            tirx_trigger(empty[s1]);
            tirx_wgmma_fence_operand(part1);
            promote<0>(acc, part1, nxt.a0 * nxt.b0, nxt.a1 * nxt.b0);
            break;
          }
        }
      } else {
        KtileScales next = load_scales(ts, 0, M);
        for (int kt = 0; kt < ktiles; ++kt) {
          const int s = (it + kt) % STAGES;
          const KtileScales cur = next;
          if (kt + 1 < ktiles) next = load_scales(ts, kt + 1, M);
          float part[T::kPart];
          tirx_wait(full[s]);
          // Columns 0-127 (B scale block nb0), then 128-255 (nb1).
          mma_ktile(part, a_rows + s * BM * BK, Bs + s * BN * BK);
          tirx_wgmma_wait<0>();
          tirx_wgmma_fence_operand(part);
          promote<0>(acc, part, cur.a0 * cur.b0, cur.a1 * cur.b0);
          mma_ktile(part, a_rows + s * BM * BK, Bs + (s * BN + 128) * BK);
          tirx_wgmma_wait<0>();  // this K-tile's wgmmas are done with their slot
#pragma tirx elect
          tirx_trigger(empty[s]);  // in every block
          tirx_wgmma_fence_operand(part);
          promote<64>(acc, part, cur.a0 * cur.b1, cur.a1 * cur.b1);
        }
      }
      it += ktiles;
      store_tile<T>(&mapC, row0, col0, acc, staging + half * 64 * T::kPieceN, t, 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
// The tile shapes (and clusters) the host call may run: 128 x 128 or 128 x
// 256 tiles, one block each, or in clusters of two (on request: measured
// no faster than alone, bench/RESULTS.md).
enum BlockTile { kBlockAuto = -1, kBlock128, kBlock256, kBlock256Pair, kBlock128Pair, kBlockShapes };

// The tile width for m x n on `sms` multiprocessors: the least waves x
// (width's time), the last wave counted as full. A 128-wide tile's work is
// counted k128Cost times its width: measured on the H200 at 4096^3 - 8192^3
// it ran 11-13% slower per column than the 256-wide one, and faster where
// its smaller tiles fill the waves better (4096 x 2112: 5 waves of 128-wide
// tiles at 82% against 3 of 256-wide at 73%; 16384 x 2112, 17 waves at 97%
// against 9 at 97%, goes to 256: bench/RESULTS.md).
constexpr double k128Cost = 1.1;
static BlockTile pick_block_tile(int M, int N, int sms) {
  const long long tiles_m = (M + BM - 1) / BM;
  const long long waves128 = (tiles_m * ((N + 127) / 128) + sms - 1) / sms;
  const long long waves256 = (tiles_m * ((N + 255) / 256) + sms - 1) / sms;
  return waves128 * 128 * k128Cost < waves256 * 256.0 ? kBlock128 : kBlock256;
}

// Tensor maps for A, B (bytes; B's boxes BN / CM rows) and C (bf16, the
// staged boxes), then one block per SM (or per tile, when there are fewer),
// in whole clusters of CM, not waited for.
template <class T, int CM>
static cudaError_t launch_blockwise(const fp8* A, const fp8* B, bf16* C, const float* scale_a, const float* scale_b,
                                    int M, int N, int K, cudaStream_t stream) {
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType in = CU_TENSOR_MAP_DATA_TYPE_UINT8, out = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, in, A, M, K, (uint64_t)K, BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, in, B, N, K, (uint64_t)K, T::BN / CM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, 64, sw);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int blocks = ((M + BM - 1) / BM + CM - 1) / CM * ((N + T::BN - 1) / T::BN) * CM;  // CM per unit
  cudaError_t err;
  if constexpr (CM == 1) {
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
    gemm_fp8_blockwise_kernel<T, 1><<<blocks, 384>>>(mapA, mapB, mapC, scale_a, scale_b, M, N, K);
  } else {
#pragma tirx launch grid(persistent) cluster(2) smem(T::kSmemBytes) stream(stream) async status(err)
    gemm_fp8_blockwise_kernel<T, 2><<<blocks, 384>>>(mapA, mapB, mapC, scale_a, scale_b, M, N, K);
  }
  return err;
}

// C from A, B and their block scales (layouts above) on `stream`, with the
// tile shape `tile` (kBlockAuto: pick_block_tile's for this device). n must
// be a multiple of 8 and k of 16, the matrices 16-byte aligned (TMA). Returns
// the first error (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t gemm_fp8_blockwise_tile(const fp8* A, const fp8* B, bf16* C, const float* scale_a,
                                           const float* scale_b, int M, int N, int K, BlockTile tile,
                                           cudaStream_t stream = 0) {
  if (M < 1 || N < 8 || K < 16 || N % 8 != 0 || K % 16 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  if (((uintptr_t)scale_a | (uintptr_t)scale_b) % 4 != 0) return cudaErrorMisalignedAddress;
  if (tile == kBlockAuto) {
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    tile = pick_block_tile(M, N, sms);
  }
  switch (tile) {
    case kBlock256: return launch_blockwise<Shape256, 1>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock256Pair: return launch_blockwise<Shape256, 2>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock128Pair: return launch_blockwise<Shape128, 2>(A, B, C, scale_a, scale_b, M, N, K, stream);
    default: return launch_blockwise<Shape128, 1>(A, B, C, scale_a, scale_b, M, N, K, stream);
  }
}

// The same with the tile shape picked for m x n.
static cudaError_t gemm_fp8_blockwise(const fp8* A, const fp8* B, bf16* C, const float* scale_a,
                                      const float* scale_b, int M, int N, int K, cudaStream_t stream = 0) {
  return gemm_fp8_blockwise_tile(A, B, C, scale_a, scale_b, M, N, K, kBlockAuto, stream);
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
        sum += part * sa[(size_t)kb * M + m] * sb[(size_t)(n / 128) * kb_count + kb];
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
  const int kb_count = (K + BK - 1) / BK, nb_count = (N + 127) / 128;

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
  std::vector<double> want;
  const double max_ref = reference(fA, fB, sa, sb, M, N, K, want);
  const double tol = max_ref / 128;
  // The picked shape, then each forced, each into a freshly poisoned C.
  const BlockTile tiles[kBlockShapes + 1] = {kBlockAuto, kBlock128, kBlock256, kBlock256Pair, kBlock128Pair};
  const char* names[kBlockShapes + 1] = {"C (tile picked)", "C (tile 128x128)", "C (tile 128x256)",
                                         "C (tile 128x256, clusters of 2)", "C (tile 128x128, clusters of 2)"};
  bool ok = true;
  for (int v = 0; v <= kBlockShapes && ok; ++v) {
    dC.fill(0xFF);  // poison: NaN
    CUDA_CHECK(gemm_fp8_blockwise_tile(dA, dB, dC, dSa, dSb, M, N, K, tiles[v]));
    CUDA_CHECK(cudaDeviceSynchronize());
    ok = check_gemm_output(names[v], dC.download(), want, tol, dC.guard(), dC.poison());
  }
  printf(EXAMPLE ": m=%d n=%d k=%d c=%016llx\n", M, N, K, reference_checksum(want));
  return finish();
}
#endif

// gemm_grouped_fp8_blockwise.cu - the grouped GEMM of a mixture of experts in
// FP8 with DeepSeek-V3's block scales (DeepGEMM's m-grouped GEMMs): C_e = sum
// over 128-wide K-blocks kb of scale_a[kb][row] * scale_b[e][n / 128][kb] *
// (A_e * B_e^T restricted to kb), A and B e4m3, fp32 accumulation with each
// K-block promoted, C bf16, every expert in one persistent launch (sm_90a).
// tirx-pp: required
//
//   gemm_grouped_fp8_blockwise [experts [n [k]]]   experts (default 9; more
//                                        than 256 run as 256), n rounded up
//                                        to a multiple of 8 and k of 16
//                                        (default 264 and 208)
//
// The layouts are gemm_grouped.cu's (contiguous: A [sum M_e, K] with E + 1
// int32 offsets; masked: A [E, Mmax, K] with E counts), B is [E, N, K]. The
// scales are fp32: scale_a one per 1 x 128 block of A, K-block-major over
// all of A's rows (scale_a[kb * rows + row], rows = sum M_e or E * Mmax: the
// layout of gemm_fp8_blockwise.cu over the whole A), scale_b one per 128 x
// 128 block of each expert's B ([E, ceil(N / 128), ceil(K / 128)]).
//
// The walk is gemm_grouped_fp8.cu's (the tiles of every expert,
// tirx_group_tiles_scan, tirx_group_of, B's 3D map, a block past its
// expert's end stored row by row, one wholly past it idle); each K-tile is
// gemm_fp8_blockwise.cu's (gemm_fp8_blockwise.cuh): per 128 columns, four
// wgmma m64n128k32 into partial sums, promoted into the fp32 accumulator
// times its row's A scale and its column block's B scale. Three tile shapes
// (TileShape): 128 x 256, 128 x 128, and 64 x 256 for few tokens per
// expert; the host picks one by waves (pick_bw_tile).
//
// The CPU reference sums each K-block of the same e4m3 values in double,
// scales it and adds; the tolerance is gemm_fp8_blockwise.cu's (2^-7 of the
// largest |reference| plus 2^-8 of each element's own, 1e-2 relative
// Frobenius error).
//
// gemm_grouped_fp8_blockwise_contiguous() and _masked() are the host calls
// that bench/grouped/ times; define GEMM_GROUPED_FP8_BLOCKWISE_NO_MAIN to
// include this file there.
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_grouped_fp8_blockwise"
#define EXAMPLE_ARGS "[experts [n [k]]]"
#include "harness.h"
// mma_ktile (128 columns), tile_scales, load_scales, promote
#include "gemm_fp8_blockwise.cuh"
// GroupTile, group_tile, the stores, the host's maps and grid, the checks
#include "gemm_grouped.cuh"

typedef __nv_bfloat16 bf16;
typedef __nv_fp8_e4m3 fp8;
constexpr int BK = 128;        // K-tile (128 e4m3 = one 128-byte swizzle row) = scale block
constexpr int kGroupRows = 8;  // tile rows per L2 group

// The tile shapes: BM x BN tiles of C and a ring of as many K-tiles as
// shared memory holds beside the C staging (bf16, 64 x 128 for each
// consumer). Each consumer warpgroup takes a 64 x WN block of the tile: with
// 128 rows, rows 0-63 or 64-127 at full width (128 x 128, 128 x 256); with
// 64 rows (64 x 256: decode's few tokens per expert), columns 0-127 or
// 128-255. A K-tile's wgmmas go in 128-column halves (one B scale block
// each), each promoted before the next is issued.
template <int BM_, int BN_>
struct TileShape {
  static constexpr int BM = BM_, BN = BN_, WN = BM_ == 128 ? BN_ : BN_ / 2;
  static constexpr int STAGES = BM_ + BN_ == 256 ? 6 : 4;
  static_assert((BM_ == 128 && (BN_ == 128 || BN_ == 256)) || (BM_ == 64 && BN_ == 256), "the three shapes");
  static constexpr int kStageBytes = (BM + BN) * BK;                                 // what TMA brings per K-tile
  static constexpr int kSmemBytes = STAGES * kStageBytes + 2 * 64 * 128 * 2 + 1024;  // + room to align to 1024
};

// ---- kernel ------------------------------------------------------------------

// `sizes`, `slot_rows`, `rows` as gemm_grouped.cu's kernel; the scales as
// above.
template <class T>
__global__ void gemm_grouped_fp8_blockwise_kernel(const __grid_constant__ CUtensorMap mapA,
                                                  const __grid_constant__ CUtensorMap mapB,
                                                  const __grid_constant__ CUtensorMap mapC, bf16* C, const int* sizes,
                                                  int groups, int slot_rows, int rows, int N, int K,
                                                  const float* __restrict__ scale_a,
                                                  const float* __restrict__ scale_b) {
  constexpr int BM = T::BM, BN = T::BN, WN = T::WN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  fp8* ring = reinterpret_cast<fp8*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  fp8* As = ring;
  fp8* Bs = ring + STAGES * BM * BK;
  bf16* staging = reinterpret_cast<bf16*>(Bs + STAGES * BN * BK);  // 64 x 128 for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, ktiles = (K + BK - 1) / BK, nblocks = (N + 127) / 128;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(24)
  {  // producer: A's tile rows (2D, all rows) and the expert's B (3D: [E, N, K])
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    int it = 0;
#pragma tirx persistent(e, tile: groups(sizes, groups, offsets(slot_rows == 0), rows(T::BM), \
                                         cols((N + T::BN - 1) / T::BN), max(kMaxGroups)))     \
    order(grouped(tiles_n, kGroupRows))
    {
      const GroupTile at = group_tile<BM, BN>(e, tile, sizes, slot_rows, rows, tiles_n);
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        tirx_trigger_bytes(full[s], T::kStageBytes);
        if (threadIdx.x == 0) {
          tirx_tma_load_2d(As + s * BM * BK, &mapA, at.row, kt * BK, &full[s]);
          tirx_tma_load_3d(Bs + s * BN * BK, &mapB, at.group, at.col, kt * BK, &full[s]);
        }
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: each a 64 x WN block of the tile (TileShape)
    const int half = wg - 1, t = threadIdx.x % 128;
    const int r = t / 32 * 16 + t % 32 / 4;  // this thread's rows of the 64: r and r + 8
    const int block_row = BM == 128 ? half * 64 : 0, block_col = BM == 128 ? 0 : half * 128;
    const fp8* a_rows = As + block_row * BK;
    const fp8* b_cols = Bs + block_col * BK;
    int it = 0;
#pragma tirx persistent(e, tile: groups(sizes, groups, offsets(slot_rows == 0), rows(T::BM), \
                                         cols((N + T::BN - 1) / T::BN), max(kMaxGroups)))     \
    order(grouped(tiles_n, kGroupRows))
    {
      const GroupTile at = group_tile<BM, BN>(e, tile, sizes, slot_rows, rows, tiles_n);
      const int row0 = at.row + block_row, col0 = at.col + block_col;
      // false: every row of this block is another expert's, or (64 x 256) all its columns past N
      const bool busy = row0 < at.end && col0 < N;
      const float* sb = scale_b + (size_t)at.group * nblocks * ktiles;
      const TileScaleRefs ts = tile_scales<WN>(scale_a, sb, row0, min(col0, N - 1), r, rows, N, ktiles);
      float acc[1][WN / 2];
#pragma unroll
      for (int j = 0; j < WN / 2; ++j) acc[0][j] = 0.0f;
      KtileScales next = load_scales(ts, 0, rows);
      for (int kt = 0; kt < ktiles; ++kt) {
        const int s = (it + kt) % STAGES;
        const KtileScales cur = next;
        if (kt + 1 < ktiles) next = load_scales(ts, kt + 1, rows);
        float part[64];
        tirx_wait(full[s]);
        if (busy) {  // columns 0-127 of the block (B scale block nb0), then 128-255 (nb1)
          mma_ktile(part, a_rows + s * BM * BK, b_cols + s * BN * BK);
          tirx_wgmma_wait<0>();
          if constexpr (WN == 256) {
            tirx_wgmma_fence_operand(part);
            promote<0>(acc[0], part, cur.a0 * cur.b0, cur.a1 * cur.b0);
            mma_ktile(part, a_rows + s * BM * BK, b_cols + (s * BN + 128) * BK);
            tirx_wgmma_wait<0>();  // this K-tile's wgmmas are done with their slot
          }
        }
#pragma tirx elect
        tirx_trigger(empty[s]);
        if (busy) {  // the last half (WN = 128: b1 is b0)
          tirx_wgmma_fence_operand(part);
          promote<WN / 2 - 64>(acc[0], part, cur.a0 * cur.b1, cur.a1 * cur.b1);
        }
      }
      it += ktiles;
      if (busy && row0 + 64 > at.end) {  // rows of another expert in the block: row by row
        store_rows_masked<1, WN>(C, N, row0, col0, at.end, acc, t, NoScale{});
      } else if (busy) {
        store_tile_scaled<WN>(&mapC, row0, col0, acc[0], NoScale{}, staging + half * 64 * 128, t, 1 + half);
      }
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__
// The tile shapes the host calls may run (kBwAuto: picked).
enum BwTile { kBwAuto = -1, kBw128x128, kBw128x256, kBw64x256, kBwShapes };

// The maps and grid (gemm_grouped.cuh), then the launch at shape T.
template <class T>
static cudaError_t launch_bw(const fp8* A, const fp8* B, bf16* C, const int* sizes, int groups, int slot_rows,
                             long long rows, int N, int K, const float* scale_a, const float* scale_b,
                             cudaStream_t stream) {
  CUtensorMap maps[3];
  cudaError_t e = grouped_maps(maps, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, A, B, C, groups, rows, N, K, T::BM, T::BN, BK,
                               64, CU_TENSOR_MAP_SWIZZLE_128B);
  if (e != cudaSuccess) return e;
  cudaError_t err;
  const int blocks = grouped_blocks(groups, slot_rows, rows, N, T::BM, T::BN);
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_grouped_fp8_blockwise_kernel<T>
      <<<blocks, 384>>>(maps[0], maps[1], maps[2], C, sizes, groups, slot_rows, (int)rows, N, K, scale_a, scale_b);
  return err;
}

// The shape for `groups` experts on `sms` multiprocessors: the least waves
// x tile area, the last wave counted as full, from the tiles of each shape
// (contiguous: the tile rows of `rows` plus half a tile row per expert, its
// last, partly filled; masked: every slot's). The shapes other than 128 x
// 256 count kSmallCost times their area (gemm_fp8_blockwise.cu measured its
// 128-wide tile 11-13% slower per column than the 256-wide one).
constexpr double kSmallCost = 1.1;
static BwTile pick_bw_tile(int groups, int slot_rows, long long rows, int N, int sms) {
  const int bm[kBwShapes] = {128, 128, 64}, bn[kBwShapes] = {128, 256, 256};
  int best = kBw128x256;
  double best_cost = 0;
  for (int i = 0; i < kBwShapes; ++i) {
    const long long tile_rows = slot_rows ? (long long)groups * ((slot_rows + bm[i] - 1) / bm[i])
                                          : (rows + bm[i] - 1) / bm[i] + (groups + 1) / 2;
    const long long waves = (tile_rows * ((N + bn[i] - 1) / bn[i]) + sms - 1) / sms;
    const double cost = (double)waves * bm[i] * bn[i] * (i == kBw128x256 ? 1.0 : kSmallCost);
    if (i == 0 || cost < best_cost) best = i, best_cost = cost;
  }
  return (BwTile)best;
}

// The launch at shape `tile` (kBwAuto: pick_bw_tile's for this device).
static cudaError_t launch_grouped_fp8_blockwise(const fp8* A, const fp8* B, bf16* C, const int* sizes, int groups,
                                                int slot_rows, long long rows, int N, int K, const float* scale_a,
                                                const float* scale_b, BwTile tile, cudaStream_t stream) {
  if (tile == kBwAuto) {
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    tile = pick_bw_tile(groups, slot_rows, rows, N, sms);
  }
  switch (tile) {
  case kBw128x128:
    return launch_bw<TileShape<128, 128>>(A, B, C, sizes, groups, slot_rows, rows, N, K, scale_a, scale_b, stream);
  case kBw64x256:
    return launch_bw<TileShape<64, 256>>(A, B, C, sizes, groups, slot_rows, rows, N, K, scale_a, scale_b, stream);
  default:
    return launch_bw<TileShape<128, 256>>(A, B, C, sizes, groups, slot_rows, rows, N, K, scale_a, scale_b, stream);
  }
}

// Contiguous layout (gemm_grouped_contiguous's), k a multiple of 16; scale_a:
// ceil(K / 128) x rows floats, scale_b: groups x ceil(N / 128) x ceil(K /
// 128) (device).
static cudaError_t gemm_grouped_fp8_blockwise_contiguous(const fp8* A, const fp8* B, bf16* C, const int* offsets,
                                                         int groups, long long rows, int N, int K, const float* scale_a,
                                                         const float* scale_b, cudaStream_t stream = 0,
                                                         BwTile tile = kBwAuto) {
  cudaError_t e = check_grouped(A, B, C, offsets, groups, rows, N, K, 16);
  if (e == cudaSuccess && (!scale_a || !scale_b)) e = cudaErrorInvalidValue;
  if (e != cudaSuccess || rows == 0) return e;
  return launch_grouped_fp8_blockwise(A, B, C, offsets, groups, 0, rows, N, K, scale_a, scale_b, tile, stream);
}

// Masked layout (gemm_grouped_masked's), k a multiple of 16; scale_a:
// ceil(K / 128) x (groups x slot_rows) floats, scale_b as above (device).
static cudaError_t gemm_grouped_fp8_blockwise_masked(const fp8* A, const fp8* B, bf16* C, const int* counts, int groups,
                                                     int slot_rows, int N, int K, const float* scale_a,
                                                     const float* scale_b, cudaStream_t stream = 0,
                                                     BwTile tile = kBwAuto) {
  const long long rows = (long long)groups * slot_rows;
  cudaError_t e = check_grouped(A, B, C, counts, groups, rows, N, K, 16);
  if (e == cudaSuccess && (!scale_a || !scale_b || slot_rows < 0)) e = cudaErrorInvalidValue;
  if (e != cudaSuccess || slot_rows == 0) return e;
  return launch_grouped_fp8_blockwise(A, B, C, counts, groups, slot_rows, rows, N, K, scale_a, scale_b, tile, stream);
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_GROUPED_FP8_BLOCKWISE_NO_MAIN

// C from one layout into a poisoned C, against the CPU's double sums of each
// K-block of the same e4m3 values times its scales (gemm_grouped.cuh's
// checks; rows no expert owns untouched).
static bool check_layout(bool masked, const std::vector<int>& rows_of, int N, int K, const std::vector<float>& fB,
                         const std::vector<float>& sb, const DeviceArray<fp8>& dB, const DeviceArray<float>& dSb) {
  const int E = (int)rows_of.size(), kbs = (K + BK - 1) / BK, nbs = (N + 127) / 128;
  const GroupedCase c = grouped_case(rows_of, masked);
  const size_t rows = (size_t)std::max(c.rows, 1LL);
  std::vector<fp8> hA(rows * K);
  std::vector<float> fA(hA.size()), sa(kbs * rows);
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = (float)(hA[i] = fp8(4.0f * lcg_float()));
  for (float& s : sa) s = 1.0625f + 0.9375f * lcg_float();  // in [1/8, 2), as a quantizer picks them
  const auto scale = [&](size_t r, int e, int n, int kb) {
    return (double)sa[kb * rows + r] * sb[((size_t)e * nbs + n / 128) * kbs + kb];
  };
  std::vector<double> want;
  const double tol = grouped_reference(c, rows_of, fA, fB, N, K, scale, want) / 128;
  DeviceArray<fp8> dA(hA);
  DeviceArray<float> dSa(sa);
  DeviceArray<bf16> dC(rows * N, kGuard);
  DeviceArray<int> dSizes(c.sizes);
  const char* names[2][kBwShapes + 1] = {
      {"contiguous (tile picked)", "contiguous (128x128)", "contiguous (128x256)", "contiguous (64x256)"},
      {"masked (tile picked)", "masked (128x128)", "masked (128x256)", "masked (64x256)"}};
  bool ok = true;
  for (int v = 0; v <= kBwShapes && ok; ++v) {  // the picked shape, then each forced
    const BwTile tile = (BwTile)(v - 1);
    dC.fill(0xFF);
    CUDA_CHECK(masked ? gemm_grouped_fp8_blockwise_masked(dA, dB, dC, dSizes, E, c.slot, N, K, dSa, dSb, 0, tile)
                      : gemm_grouped_fp8_blockwise_contiguous(dA, dB, dC, dSizes, E, c.rows, N, K, dSa, dSb, 0, tile));
    CUDA_CHECK(cudaDeviceSynchronize());
    ok = check_gemm_output(names[masked][v], dC.download(), want, tol, dC.guard(), dC.poison());
  }
  return ok;
}

int main(int argc, char** argv) {
  skip_without_sm90();
  const int E = std::min(parse_size(argc, argv, 1, 9, 1 << 15), kMaxGroups);
  int N = parse_size(argc, argv, 2, 264, 1 << 15), K = parse_size(argc, argv, 3, 208, 1 << 15);
  N = (N + 7) / 8 * 8, K = (K + 15) / 16 * 16;
  std::vector<int> rows_of(E);
  for (int e = 0; e < E; ++e) rows_of[e] = expert_rows(e);
  std::vector<fp8> hB((size_t)E * N * K);
  std::vector<float> fB(hB.size()), sb((size_t)E * ((N + 127) / 128) * ((K + BK - 1) / BK));
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = (float)(hB[i] = fp8(4.0f * lcg_float()));
  for (float& s : sb) s = 1.0625f + 0.9375f * lcg_float();
  DeviceArray<fp8> dB(hB);
  DeviceArray<float> dSb(sb);
  // Both layouts, the second even when the first failed (finish() reports the first failure).
  check_layout(false, rows_of, N, K, fB, sb, dB, dSb);
  check_layout(true, rows_of, N, K, fB, sb, dB, dSb);
  long long total = 0;
  for (int r : rows_of) total += r;
  printf(EXAMPLE ": experts=%d tokens=%lld n=%d k=%d\n", E, total, N, K);
  return finish();
}
#endif

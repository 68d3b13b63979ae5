// gemm_grouped.cu - the grouped GEMM of a mixture of experts on Hopper: one
// C_e = A_e * B_e^T per expert e, in bf16 with fp32 accumulation, all experts
// in one persistent launch (sm_90a).
// tirx-pp: required
//
//   gemm_grouped [experts [n [k]]]   experts (default 9; more than 256 run as 256,
//                                    the most one launch takes), n and k rounded
//                                    up to multiples of 8 (default 264 and 200)
//
// Two layouts of the tokens (rows of A and C):
// - contiguous: A is [sum M_e, K], the tokens sorted by expert, and one int32
//   offset array on the device, offsets[0] = 0 <= offsets[1] <= ... <=
//   offsets[E] = sum M_e: expert e's rows are offsets[e] .. offsets[e+1] - 1.
//   C is [sum M_e, N].
// - masked (decode): A is [E, Mmax, K], one slot of Mmax rows per expert, and
//   an int32 count per expert on the device: expert e's rows are the first
//   counts[e] of its slot. C is [E, Mmax, N]; rows past the count are not written.
// B is [E, N, K]: each expert's N x K weights, K-major as gemm_bf16 takes B.
//
// The kernel is gemm_bf16's (examples/gemm_bf16.cu: a TMA producer
// warpgroup, two wgmma consumer warpgroups, a ring of `full`/`empty` events,
// the tile shapes of gemm_bf16_tiles.cuh), walking the tiles of every expert
// with `persistent(e, tile: groups(...))`: expert after expert, each expert's
// tiles in gemm_bf16's grouped order. Each block first counts the tiles of every
// expert from the offsets or counts (tirx-pp's table: tirx_group_tiles_scan, one warp, into shared memory), so
// that the host needs no copy of the sizes and the launch no second kernel;
// each tile's expert is a bisection of that table (tirx_group_of). B's map is
// 3D over [E, N, K], so a tile reads its own expert's weights only (past N:
// zeros). A's map is 2D over all rows: the last tile of an expert reads the
// next expert's first rows, whose products are never written: a consumer
// whose 64-row block holds rows of another expert (or past the count) writes
// its rows straight from registers, each row checked against the expert's
// end, instead of with TMA's store, and a consumer whose rows all lie past
// the end skips its wgmmas.
//
// The CPU reference multiplies the same bf16 values in double, at uneven
// expert sizes (empty experts, one token, sizes not a multiple of any tile)
// in both layouts, with the tile shape picked and each shape forced; the
// tolerance is gemm_bf16's, and in the masked layout the rows past each
// count must still hold the poison they started with.
//
// gemm_grouped_contiguous() and gemm_grouped_masked() are the host calls that
// bench/grouped/ times; define GEMM_GROUPED_NO_MAIN to include this file there.
#define EXAMPLE "gemm_grouped"
#define EXAMPLE_ARGS "[experts [n [k]]]"
#include "harness.h"
// bf16, BK, the tile shapes, mma_ktile, the epilogue's stores
#include "gemm_bf16_tiles.cuh"
// GroupTile, group_tile, store_rows_masked, the checks (shared with gemm_grouped_fp8.cu)
#include "gemm_grouped.cuh"

// ---- kernel ------------------------------------------------------------------

// `sizes`: the E + 1 offsets (slot_rows == 0: contiguous) or the E counts
// (slot_rows = Mmax: masked), on the device; `rows`: A's and C's. The options
// (GroupedOptions): the tile rows of an L2 group, and which operand's lines
// stay in L2.
template <class T>
__global__ void gemm_grouped_kernel(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                                    const __grid_constant__ CUtensorMap mapC, bf16* C, const int* sizes, int groups,
                                    int slot_rows, int rows, int N, int K, int group_rows, int l2_keep, bool staged_rows) {
  constexpr int BM = T::BM, BN = T::BN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;
  const int tiles_n = (N + BN - 1) / BN, ktiles = (K + BK - 1) / BK;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(24)
  {  // producer: A's tile rows (2D, all rows) and the expert's B (3D: [E, N, K])
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    int it = 0;
#pragma tirx persistent(e, tile: groups(sizes, groups, offsets(slot_rows == 0), rows(T::BM), \
                                         cols((N + T::BN - 1) / T::BN), max(kMaxGroups)))     \
    order(grouped(tiles_n, group_rows))
    {
      const GroupTile at = group_tile<BM, BN>(e, tile, sizes, slot_rows, rows, tiles_n);
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        tirx_trigger_bytes(full[s], T::kStageBytes);
        if (threadIdx.x == 0) {
          if (l2_keep) {  // 1: B's lines stay in L2 and A's go first; 2: the other way round
            const uint64_t first = tirx_l2_policy_evict_first(), last = tirx_l2_policy_evict_last();
            tirx_tma_load_2d_hint(As + s * BM * BK, &mapA, at.row, kt * BK, &full[s], l2_keep == 1 ? first : last);
            tirx_tma_load_3d_hint(Bs + s * BN * BK, &mapB, at.group, at.col, kt * BK, &full[s],
                                  l2_keep == 1 ? last : first);
          } else {
            tirx_tma_load_2d(As + s * BM * BK, &mapA, at.row, kt * BK, &full[s]);
            tirx_tma_load_3d(Bs + s * BN * BK, &mapB, at.group, at.col, kt * BK, &full[s]);
          }
        }
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: as gemm_bf16's, with the expert's row end in the epilogue
    const int half = wg - 1, t = threadIdx.x % 128;
    const int a_row = T::kSideBySide ? 0 : half * 64 * T::R, b_row = T::kSideBySide ? half * T::WN : 0;
    constexpr int kRows = 64 * T::R;  // the rows of a consumer's block
    int it = 0;
    int staged = -1;
#pragma tirx persistent(e, tile: groups(sizes, groups, offsets(slot_rows == 0), rows(T::BM), \
                                         cols((N + T::BN - 1) / T::BN), max(kMaxGroups)))     \
    order(grouped(tiles_n, group_rows))
    {
      const GroupTile at = group_tile<BM, BN>(e, tile, sizes, slot_rows, rows, tiles_n);
      const int row0 = at.row + a_row, col0 = at.col + b_row;
      const bool busy = row0 < at.end;  // false: every row of this block is another expert's
      float acc[T::R][T::WN / 2];
      int s = it % STAGES;
      tirx_wait(full[s]);
      if (busy) mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, false);
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
      if (staged >= 0) {
        if (t < 32) {
          if (t == 0) tirx_tma_store_wait_read<0>();
          __syncwarp();
        }
#pragma tirx elect
        tirx_trigger(empty[staged]);
      }
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        if (busy) mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, true);
        tirx_wgmma_wait<1>();
#pragma tirx elect
        tirx_trigger(empty[prev]);
      }
      tirx_wgmma_wait<0>();
      it += ktiles;
#pragma unroll
      for (int i = 0; i < T::R; ++i) tirx_wgmma_fence_operand(acc[i]);
      tirx_bar_sync(3, 256);  // both consumers are done reading slot s (gemm_bf16.cu says why 3)
      bf16* slot = half == 0 ? As + s * BM * BK : Bs + s * BN * BK;
      if (row0 + kRows > at.end) {  // rows of another expert in the block: row by row
        if constexpr (T::kSwizzledStore) {
          if (staged_rows && busy)
            store_tile_rows<T::WN>(C, N, row0, col0, at.end, acc[0], T::kOwnStaging ? staging + half * 64 * 128 : nullptr,
                                   slot, t, 1 + half);
          else if (busy)
            store_rows_masked<T::R, T::WN>(C, N, row0, col0, at.end, acc, t, NoScale{});
        } else if (busy) {
          store_rows_masked<T::R, T::WN>(C, N, row0, col0, at.end, acc, t, NoScale{});
        }
      } else if constexpr (T::kSwizzledStore) {
        store_tile_tma<T::WN>(&mapC, row0, col0, acc[0], T::kOwnStaging ? staging + half * 64 * 128 : nullptr, slot,
                              t, 1 + half);
      } else {
        store_blocks_tma<T>(&mapC, row0, col0, acc, slot, t, 1 + half);
      }
      staged = s;
    }
    if (t == 0) tirx_tma_store_wait<0>();
  }
}

#ifndef __CUDACC_RTC__
// How the tiles meet in L2: an expert's tiles walk groups of `group_rows`
// tile rows column by column (gemm_bf16's order); `l2_keep` marks the lines
// of one operand to stay in L2 and the other's to leave first: 1 keeps B's
// (the experts' weights), 2 keeps A's (the tokens), 0 marks none.
struct GroupedOptions {
  int group_rows = kGroupRows;
  int l2_keep = 0;
  // The block that reaches past its expert's rows: staged in shared memory
  // and copied out in 16-byte chunks (128- and 256-wide tiles), or stored
  // from registers.
  bool staged_rows = false;
};

// The maps (gemm_grouped.cuh's grouped_maps; C in boxes of 64 x 64 in the
// 128-byte swizzle, or unswizzled 64 x WN, as the shape stores) and grid
// (grouped_blocks), then the launch.
template <class T>
static cudaError_t launch_grouped(const bf16* A, const bf16* B, bf16* C, const int* sizes, int groups, int slot_rows,
                                  long long rows, int N, int K, GroupedOptions opt, cudaStream_t stream) {
  CUtensorMap maps[3];
  cudaError_t e = grouped_maps(maps, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, A, B, C, groups, rows, N, K, T::BM, T::BN, BK,
                               T::kSwizzledStore ? 64 : T::WN,
                               T::kSwizzledStore ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE);
  if (e != cudaSuccess) return e;
  cudaError_t err;
  const int blocks = grouped_blocks(groups, slot_rows, rows, N, T::BM, T::BN);
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_grouped_kernel<T><<<blocks, 384>>>(maps[0], maps[1], maps[2], C, sizes, groups, slot_rows, (int)rows, N, K,
                                          opt.group_rows, opt.l2_keep, opt.staged_rows);
  return err;
}

// The tile shape for `groups` experts of about rows / groups rows each. With
// a long K (4096 or more) and 128 rows or more per expert, 192 x 160, which
// measured fastest at every expert count (8, 64, 256) and N (2112, 4096)
// tried at K = 7168, 4-20% ahead of the next shape (bench/RESULTS.md).
// Otherwise as pick_tile: the least waves x tile area, counting half a tile
// row more per expert (its last, partly filled tile).
static GemmTile pick_grouped_tile(long long rows, int groups, int N, int K, int sms) {
  if (K >= 4096 && rows >= 128LL * groups) return kTile192x160;
  const int bm[kTileShapes] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM, Tile128x128::BM};
  const int bn[kTileShapes] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN, Tile128x128::BN};
  double cost[kTileShapes];
  for (int i = 0; i < kTileShapes; ++i) {
    const long long tm = (rows + bm[i] - 1) / bm[i] + (groups + 1) / 2, tn = (N + bn[i] - 1) / bn[i];
    cost[i] = (double)((tm * tn + sms - 1) / sms) * bm[i] * bn[i] * (i == kTile128x128 ? kSmallTileCost : 1.0);
  }
  int best = 0;
  for (int i = 1; i < kTileShapes; ++i)
    if (cost[i] < cost[best] * (best == 0 ? 0.98 : 1.0)) best = i;
  return (GemmTile)best;
}

// What both layouts check (as gemm_bf16: n and k multiples of 8, 16-byte
// alignment; at most kMaxGroups experts), then the shape for kTileAuto.
static cudaError_t resolve_grouped(const bf16* A, const bf16* B, const bf16* C, const int* sizes, int groups,
                                   long long rows, int N, int K, GemmTile* tile) {
  cudaError_t e = check_grouped(A, B, C, sizes, groups, rows, N, K, 8);
  if (e != cudaSuccess || *tile != kTileAuto) return e;
  int device = 0, sms = 0;
  e = cudaGetDevice(&device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess) *tile = pick_grouped_tile(rows, groups, N, K, sms);
  return e;
}

// Contiguous layout: C[rows, N] = A[rows, K] times expert e's B[e] (N x K)
// transposed for the rows offsets[e] .. offsets[e + 1] - 1 (device, E + 1
// int32, nondecreasing, offsets[E] = rows). `rows` (sum M_e) sizes the maps
// and the grid; the tiles come from the offsets.
static cudaError_t gemm_grouped_contiguous(const bf16* A, const bf16* B, bf16* C, const int* offsets, int groups,
                                           long long rows, int N, int K, GemmTile tile = kTileAuto,
                                           cudaStream_t stream = 0, GroupedOptions opt = {}) {
  cudaError_t e = resolve_grouped(A, B, C, offsets, groups, rows, N, K, &tile);
  if (e != cudaSuccess || rows == 0) return e;
  return with_tile_shape(tile, [&](auto shape) {
    using T = decltype(shape);
    return launch_grouped<T>(A, B, C, offsets, groups, 0, rows, N, K, opt, stream);
  });
}

// Masked layout: for each expert e, the first counts[e] (device, E int32,
// at most slot_rows) rows of C[e] (slot_rows x N) = A[e] (slot_rows x K)
// times B[e] transposed; C's other rows are left as they are.
static cudaError_t gemm_grouped_masked(const bf16* A, const bf16* B, bf16* C, const int* counts, int groups,
                                       int slot_rows, int N, int K, GemmTile tile = kTileAuto,
                                       cudaStream_t stream = 0, GroupedOptions opt = {}) {
  const long long rows = (long long)groups * slot_rows;
  // Decode: 128 x 128 tiles, twice as many as 128 x 256 over few tokens per
  // slot, measured fastest or within 8% of it at all nine bench shapes (where
  // the contiguous layout's choice lost up to 27% with slots off its 192 rows).
  if (tile == kTileAuto) tile = kTile128x128;
  cudaError_t e = resolve_grouped(A, B, C, counts, groups, rows, N, K, &tile);
  if (e != cudaSuccess || slot_rows < 1) return slot_rows < 0 ? cudaErrorInvalidValue : e;
  return with_tile_shape(tile, [&](auto shape) {
    using T = decltype(shape);
    return launch_grouped<T>(A, B, C, counts, groups, slot_rows, rows, N, K, opt, stream);
  });
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_GROUPED_NO_MAIN

// C from each layout, tile shape (picked, then each forced) and option into
// a poisoned C, against the CPU's double sums (gemm_grouped.cuh's checks, with
// gemm_bf16's bounds: 2^-7 of the largest |reference| plus 2^-8 of each
// element's own, 1e-2 relative Frobenius error; rows no expert owns untouched).
static bool check_layout(bool masked, const std::vector<int>& rows_of, int N, int K, const std::vector<float>& fB,
                         const DeviceArray<bf16>& dB) {
  const int E = (int)rows_of.size();
  const GroupedCase c = grouped_case(rows_of, masked);
  std::vector<bf16> hA((size_t)std::max(c.rows, 1LL) * K);
  std::vector<float> fA(hA.size());
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = __bfloat162float(hA[i] = __float2bfloat16_rn(lcg_float()));
  std::vector<double> want;
  const auto unscaled = [](size_t, int, int, int) { return 1.0; };
  const double tol = grouped_reference(c, rows_of, fA, fB, N, K, unscaled, want) / 128;
  DeviceArray<bf16> dA(hA), dC((size_t)std::max(c.rows, 1LL) * N, kGuard);
  DeviceArray<int> dSizes(c.sizes);
  // Each tile shape, then the options: the last block of an expert staged
  // (128- and 256-wide tiles), each L2 policy, another L2 group height.
  const GemmTile tiles[8] = {kTileAuto,    kTile128x256, kTile256x152, kTile192x160,
                             kTile128x128, kTile128x256, kTile128x128, kTileAuto};
  GroupedOptions opts[8];
  opts[5].staged_rows = opts[6].staged_rows = true, opts[5].l2_keep = 1, opts[6].l2_keep = 2, opts[7].group_rows = 3;
  const char* names[2][8] = {
      {"contiguous (tile picked)", "contiguous (128x256)", "contiguous (256x152)", "contiguous (192x160)",
       "contiguous (128x128)", "contiguous (128x256, staged rows, keep B)",
       "contiguous (128x128, staged rows, keep A)", "contiguous (3 rows per L2 group)"},
      {"masked (tile picked)", "masked (128x256)", "masked (256x152)", "masked (192x160)", "masked (128x128)",
       "masked (128x256, staged rows, keep B)", "masked (128x128, staged rows, keep A)",
       "masked (3 rows per L2 group)"}};
  bool ok = true;
  for (int v = 0; v < 8 && ok; ++v) {
    dC.fill(0xFF);
    CUDA_CHECK(masked ? gemm_grouped_masked(dA, dB, dC, dSizes, E, c.slot, N, K, tiles[v], 0, opts[v])
                      : gemm_grouped_contiguous(dA, dB, dC, dSizes, E, c.rows, N, K, tiles[v], 0, opts[v]));
    CUDA_CHECK(cudaDeviceSynchronize());
    ok = check_gemm_output(names[masked][v], dC.download(), want, tol, dC.guard(), dC.poison());
  }
  return ok;
}

int main(int argc, char** argv) {
  skip_without_sm90();
  const int E = std::min(parse_size(argc, argv, 1, 9, 1 << 15), kMaxGroups);
  int N = parse_size(argc, argv, 2, 264, 1 << 15), K = parse_size(argc, argv, 3, 200, 1 << 15);
  N = (N + 7) / 8 * 8, K = (K + 7) / 8 * 8;
  std::vector<int> rows_of(E);
  for (int e = 0; e < E; ++e) rows_of[e] = expert_rows(e);
  std::vector<bf16> hB((size_t)E * N * K);
  std::vector<float> fB(hB.size());
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = __bfloat162float(hB[i] = __float2bfloat16_rn(lcg_float()));
  DeviceArray<bf16> dB(hB);
  check_layout(false, rows_of, N, K, fB, dB);  // both, the second even when the first failed
  check_layout(true, rows_of, N, K, fB, dB);
  long long total = 0;
  for (int r : rows_of) total += r;
  printf(EXAMPLE ": experts=%d tokens=%lld n=%d k=%d\n", E, total, N, K);
  return finish();
}
#endif

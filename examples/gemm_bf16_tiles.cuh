// gemm_bf16_tiles.cuh - what examples/gemm_bf16.cu and gemm_bf16_cluster.cu
// share: the tile shapes, a K-tile of wgmmas, the epilogue's TMA stores,
// split-K's ranges, partials and workspace, the host's choice of a tile shape
// and split, and the examples' check against a CPU reference. Plain CUDA (no
// annotations): the kernels, with their events and regions, are in the two
// examples. Include it after "harness.h" (the check uses its helpers).
#pragma once
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

typedef __nv_bfloat16 bf16;
constexpr int BK = 64;         // K-tile: 64 bf16 = one 128-byte swizzle row
constexpr int kGroupRows = 8;  // tile rows per L2 group

// A tile shape. The two consumer warpgroups each compute R blocks of 64 rows
// by WN columns of the BM x BN tile of C, stacked along M (BM = 128 R, BN =
// WN) or side by side along N (BM = 64 R, BN = 2 WN). The host picks the
// shape whose tiles fill the GPU's waves best (pick_tile below).
template <int R_, int WN_, bool SIDE_BY_SIDE, int STAGES_, int CBUF_>
struct TileShape {
  static constexpr int R = R_, WN = WN_, STAGES = STAGES_, CBUF = CBUF_;
  static constexpr bool kSideBySide = SIDE_BY_SIDE;
  static constexpr int BM = kSideBySide ? 64 * R : 128 * R, BN = kSideBySide ? 2 * WN : WN;
  static constexpr int kStageBytes = (BM + BN) * BK * 2;  // what TMA brings per K-tile
  // C goes out through shared memory and TMA stores, which run on while the
  // warpgroup starts its next tile. It is staged in the ring slot of the
  // tile's last K-tile (consumer 1 in its A part, consumer 2 in its B part),
  // which leaves room for another ring slot, and the slot goes back to the
  // producer one K-tile into the next tile, after thread 0 has waited for TMA
  // to read it (cp.async.bulk.wait_group.read). Widths
  // of 128 and 256 go as 64 x 128 pieces in the 128-byte swizzle (the first
  // of a 256-wide block in 16 KiB of the consumer's own: the A part holds
  // one piece), other widths as whole 64 x WN blocks, unswizzled, CBUF at a
  // time.
  static constexpr bool kSwizzledStore = WN % 128 == 0;
  static constexpr bool kOwnStaging = WN == 256;
  static constexpr int kStagingBytes = kOwnStaging ? 2 * 64 * 128 * 2 : 0;
  static_assert(kSwizzledStore ? 64 * 128 <= BM * BK && 64 * 128 <= BN * BK
                               : CBUF * 64 * WN <= BM * BK && CBUF * 64 * WN <= BN * BK,
                "the C staging does not fit in a ring slot");
  static constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024
  static_assert(kSmemBytes <= 227 * 1024, "more shared memory than an sm_90 block has");
};
using Tile128x256 = TileShape<1, 256, false, 4, 1>;  // square and large shapes
using Tile256x152 = TileShape<2, 152, false, 4, 1>;  // e.g. 3000 x 5000: 12 x 33 tiles, 3 waves of 132
using Tile192x160 = TileShape<3, 80, true, 5, 2>;    // e.g. 8000 x 7992: 42 x 50 tiles, 16 waves of 132
using Tile128x128 = TileShape<1, 128, false, 6, 1>;  // e.g. 1000 x 1504: 96 tiles, where 128 x 256 gives 48

// One wgmma m64nWNk16 (WN = 256, 152, 128 or 80).
template <int WN>
__device__ __forceinline__ void wgmma_bf16(float (&d)[WN / 2], uint64_t desc_a, uint64_t desc_b, bool accumulate) {
  static_assert(WN == 256 || WN == 152 || WN == 128 || WN == 80, "no wgmma helper for this width");
  if constexpr (WN == 256) tirx_wgmma_m64n256k16_bf16(d, desc_a, desc_b, accumulate);
  else if constexpr (WN == 128) tirx_wgmma_m64n128k16_bf16(d, desc_a, desc_b, accumulate);
  else if constexpr (WN == 152) tirx_wgmma_m64n152k16_bf16(d, desc_a, desc_b, accumulate);
  else tirx_wgmma_m64n80k16_bf16(d, desc_a, desc_b, accumulate);
}

// The bf16 wgmma as mma_ktile's instruction (gemm_fp8.cu passes its e4m3 one).
struct WgmmaBf16 {
  template <int WN>
  __device__ static void issue(float (&d)[WN / 2], uint64_t desc_a, uint64_t desc_b, bool accumulate) {
    wgmma_bf16<WN>(d, desc_a, desc_b, accumulate);
  }
};

// One K-tile of this warpgroup's R x 64 x WN block: for each of the four
// steps along K (32 bytes further in each swizzled row: 16 bf16, or 32 e4m3
// for Mma = an fp8 wgmma), R wgmmas, one per 64 rows of the A slot, against
// the warpgroup's WN rows of the B slot.
template <class T, class Mma = WgmmaBf16>
__device__ __forceinline__ void mma_ktile(float (&acc)[T::R][T::WN / 2], const bf16* a, const bf16* b,
                                          bool accumulate) {
  tirx_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < BK / 16; ++kk)
#pragma unroll
    for (int r = 0; r < T::R; ++r)
      Mma::template issue<T::WN>(acc[r], tirx_wgmma_desc_sw128(a + r * 64 * BK + kk * 16),
                                 tirx_wgmma_desc_sw128(b + kk * 16), accumulate || kk > 0);
  tirx_wgmma_commit();
}

// A 64 x WN accumulator (WN = 128 or 256) into C at (row0, col0) in pieces
// of 64 x 128, the first staged in `own` (when not null) and the other in
// `slot` (16 KiB of the ring slot). Both are free: the kernel hands back the
// previous tile's slot only after thread 0 waited for TMA to read every store
// of that tile, `own`'s too, and its named barrier 3 of both consumers,
// before this epilogue, orders the other threads after that. Each piece is two 64 x 64 boxes in TMA's 128-byte
// swizzle (row r's 16-byte chunk q lands at chunk q ^ r % 8: the 8 rows one
// store instruction touches hit 8 different bank groups), stored by thread 0
// with TMA, which clips at C's edges and runs on while the warpgroup goes on
// to its next tile.
template <int WN>
__device__ __forceinline__ void store_tile_tma(const CUtensorMap* mapC, int row0, int col0,
                                               const float (&acc)[WN / 2], bf16* own, bf16* slot, int t,
                                               int barrier) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int h = 0; h < WN / 128; ++h) {
    bf16* stage = h == 0 && own ? own : slot;
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
    tirx_bar_sync(barrier, 128);
    if (t == 0) {
      tirx_tma_store_2d(mapC, row0, col0 + 128 * h, stage);
      tirx_tma_store_2d(mapC, row0, col0 + 128 * h + 64, stage + 64 * 64);
      tirx_tma_store_commit();
    }
  }
}

// The warpgroup's R blocks of 64 x WN into C at (row0, col0): each written
// into the next of its CBUF staging buffers, once TMA has read what that
// buffer held before, then stored by thread 0 with TMA, which clips at C's
// edges. Unswizzled: with rows of 304 bytes (WN = 152) the bf16 pairs one
// store instruction writes hit 32 different banks, with 160 (WN = 80) two
// share each bank.
template <class T>
__device__ __forceinline__ void store_blocks_tma(const CUtensorMap* mapC, int row0, int col0,
                                                 const float (&acc)[T::R][T::WN / 2], bf16* stage, int t,
                                                 int barrier) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int i = 0; i < T::R; ++i) {
    bf16* buf = stage + i % T::CBUF * 64 * T::WN;
    if (i >= T::CBUF) {
      if (t == 0) tirx_tma_store_wait_read<T::CBUF - 1>();
      tirx_bar_sync(barrier, 128);  // the store that last read buf is done with it
    }
#pragma unroll
    for (int j = 0; j < T::WN / 8; ++j)
#pragma unroll
      for (int hh = 0; hh < 2; ++hh)
        *reinterpret_cast<__nv_bfloat162*>(buf + (r + 8 * hh) * T::WN + 8 * j + c) =
            __floats2bfloat162_rn(acc[i][4 * j + 2 * hh], acc[i][4 * j + 2 * hh + 1]);
    tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
    tirx_bar_sync(barrier, 128);
    if (t == 0) {
      tirx_tma_store_2d(mapC, row0 + 64 * i, col0, buf);
      tirx_tma_store_commit();
    }
  }
}

// The producer's copies of one K-tile into ring slot s, by the thread that
// issues them: the tile's BM rows of A from `row` and BN rows of B from `col`,
// at K coordinate k (in the maps' elements: bf16 or e4m3), completing `bar`.
// With `hint` (a skinny C), A's lines are marked to leave L2 first and B's to
// stay.
template <class T>
__device__ __forceinline__ void load_ktile(bf16* As, bf16* Bs, int s, const CUtensorMap* mapA,
                                           const CUtensorMap* mapB, int row, int col, int k, uint64_t* bar,
                                           bool hint = false) {
  bf16 *a = As + s * T::BM * BK, *b = Bs + s * T::BN * BK;
  if (hint) {
    tirx_tma_load_2d_hint(a, mapA, row, k, bar, tirx_l2_policy_evict_first());
    tirx_tma_load_2d_hint(b, mapB, col, k, bar, tirx_l2_policy_evict_last());
  } else {
    tirx_tma_load_2d(a, mapA, row, k, bar);
    tirx_tma_load_2d(b, mapB, col, k, bar);
  }
}

// Before a consumer hands back the ring slot that staged its previous tile's
// C: its thread 0, which issued the stores, waits until TMA has read them,
// and its warp waits for thread 0 (the elected thread that triggers next).
__device__ __forceinline__ void wait_stores_read(int t) {
  if (t < 32) {
    if (t == 0) tirx_tma_store_wait_read<0>();
    __syncwarp();
  }
}

// A consumer's epilogue (consumer `half`, thread t of its warpgroup): its R
// blocks of 64 x WN into C at (row0, col0), staged in ring slot s (consumer 0
// in the slot's A part, consumer 1 in its B part; a 256-wide block's first
// piece in `staging`), through store_tile_tma or store_blocks_tma.
template <class T>
__device__ __forceinline__ void store_c(const CUtensorMap* mapC, int row0, int col0,
                                        const float (&acc)[T::R][T::WN / 2], bf16* As, bf16* Bs, bf16* staging,
                                        int s, int half, int t) {
  static_assert(!T::kSwizzledStore || T::R == 1, "the swizzled store takes one block");
  bf16* slot = half == 0 ? As + s * T::BM * BK : Bs + s * T::BN * BK;
  if constexpr (T::kSwizzledStore)
    store_tile_tma<T::WN>(mapC, row0, col0, acc[0], T::kOwnStaging ? staging + half * 64 * 128 : nullptr, slot, t,
                          1 + half);
  else
    store_blocks_tma<T>(mapC, row0, col0, acc, slot, t, 1 + half);
}

// The first K-tile of split `split` of `splits` (splits: ktiles), each of the
// first splits - 1 ranges `skew` K-tiles shorter than an even cut, the last
// one longer by what they give up: it finishes last, so that it usually finds
// the others' partials already written (tirx_trigger_if_last in the kernels).
__device__ __forceinline__ int split_start(int split, int splits, int ktiles, int skew) {
  return split == splits ? ktiles : split * ktiles / splits - split * skew;
}

// Split-K (kSplit in the kernels of gemm_bf16.cu and gemm_bf16_cluster.cu):
// the tile's K-tiles are cut into `splits` contiguous ranges, each a work
// item of its own. The consumers that finished a range write their fp32
// partial sum into the workspace (each thread its registers, in float4s,
// thread-contiguous) and arrive at the tile's grid event; the block that
// arrives last adds the partials of all the splits in split order (its own
// from registers, the others from L2) and stores C; the others store
// nothing. The sum's order is the split order whoever arrives last, so the
// result is bitwise the same from run to run, and nobody waits for anybody
// (no spinning on another block, whatever order the persistent grid runs the
// items in). The last arrival resets the counter for the next launch.
template <class T>
__device__ __forceinline__ float4* split_partial(float* ws, int tile, int split, int splits, int half, int t) {
  constexpr int kQuads = T::R * T::WN / 8;  // float4s per thread
  return reinterpret_cast<float4*>(ws) + ((size_t)tile * splits * 2 + split * 2 + half) * kQuads * 128 + t;
}

template <class T>
__device__ __forceinline__ void split_write(const float (&acc)[T::R][T::WN / 2], float4* mine) {
#pragma unroll
  for (int i = 0; i < T::R; ++i)
#pragma unroll
    for (int j = 0; j < T::WN / 8; ++j)
      __stcg(mine + (i * (T::WN / 8) + j) * 128,
             make_float4(acc[i][4 * j], acc[i][4 * j + 1], acc[i][4 * j + 2], acc[i][4 * j + 3]));
}

// The sum, kChunk float4s at a time: each split's kChunk loads are issued
// together (one L2 round trip, not one per float4: a float4 at a time cost
// 10-40 us per tile, bench/RESULTS.md), as many as the registers next to the
// accumulator hold without spilling.
template <class T>
__device__ __forceinline__ void split_sum(float (&acc)[T::R][T::WN / 2], float* ws, int tile, int split, int splits,
                                          int half, int t) {
  constexpr int kQuads = T::R * T::WN / 8;
  constexpr int kChunk = (152 - 4 * kQuads) / 8 < 2 ? 2 : (152 - 4 * kQuads) / 8 > 16 ? 16 : (152 - 4 * kQuads) / 8;
#pragma unroll
  for (int q0 = 0; q0 < kQuads; q0 += kChunk) {
    float4 sum[kChunk];
    for (int p = 0; p < splits; ++p) {
      float4 v[kChunk];
      const float4* theirs = split_partial<T>(ws, tile, p, splits, half, t);
#pragma unroll
      for (int c = 0; c < kChunk; ++c) {
        const int q = q0 + c, i = q / (T::WN / 8), j = q % (T::WN / 8);
        if (q < kQuads)
          v[c] = p == split ? make_float4(acc[i][4 * j], acc[i][4 * j + 1], acc[i][4 * j + 2], acc[i][4 * j + 3])
                            : __ldcg(theirs + q * 128);
      }
#pragma unroll
      for (int c = 0; c < kChunk; ++c)
        if (q0 + c < kQuads) {
          if (p == 0) sum[c] = v[c];
          else sum[c].x += v[c].x, sum[c].y += v[c].y, sum[c].z += v[c].z, sum[c].w += v[c].w;
        }
    }
#pragma unroll
    for (int c = 0; c < kChunk; ++c) {
      const int q = q0 + c, i = q / (T::WN / 8), j = q % (T::WN / 8);
      if (q < kQuads)
        acc[i][4 * j] = sum[c].x, acc[i][4 * j + 1] = sum[c].y, acc[i][4 * j + 2] = sum[c].z,
                  acc[i][4 * j + 3] = sum[c].w;
    }
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC (tests/gpu/rt_runner.c makes the maps itself)
enum GemmTile { kTileAuto = -1, kTile128x256, kTile256x152, kTile192x160, kTile128x128, kTileShapes };

// Whether the two blocks of a cluster (gemm_bf16_cluster.cu) take tiles side
// by side (sharing A's K-tiles) rather than one above the other (sharing
// B's), for a C of tiles_m x tiles_n tiles. On a skinny C (two columns of
// tiles) side by side, which measured 1-25% better there (bench/RESULTS.md,
// session 7); elsewhere one above the other, which measured 1-2% better at
// 4096³ and 8192 x 8192 x 1024, unless it adds more tiles past C's edge (an
// odd count leaves a block of the last pair a tile of its own that TMA's
// stores clip away); one column: one above the other.
static bool pair_beside(long long tiles_m, long long tiles_n) {
  const long long past_beside = tiles_n % 2 ? tiles_m : 0, past_above = tiles_m % 2 ? tiles_n : 0;
  return tiles_n <= 2 ? past_beside <= past_above : past_beside < past_above;
}

// The tile shape for m x n on `sms` multiprocessors, one block per tile
// (cluster 1) or in clusters of two (cluster 2, paired as pair_beside says):
// the one with the least work per multiprocessor counting the last wave as
// full (waves x tile area; a pair's tile past C's edge counted as work, and
// waves of `sms` rounded down to whole clusters), so that a shape whose tiles
// fill the waves beats a larger-tiled one that leaves the last wave half
// empty. 128 x 128 tiles bring more bytes per multiply-add than the others,
// so their work counts kSmallTileCost times (measured: bench/RESULTS.md);
// they win where the larger tiles leave SMs idle. Ties and near-ties (within
// 2%) go to 128 x 256, the widest and the one measured at cuBLAS speed on
// square shapes.
constexpr double kSmallTileCost = 1.1;
// The blocks that run tiles of shape i (an index into the GemmTile order)
// for m x n, in clusters of `cluster`: one per tile, and in clusters of two
// a pair's tile past C's edge too (it computes zeros that TMA's store clips).
static long long tile_blocks(int i, int M, int N, int cluster) {
  const int bm[kTileShapes] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM, Tile128x128::BM};
  const int bn[kTileShapes] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN, Tile128x128::BN};
  const long long tm = (M + bm[i] - 1) / bm[i], tn = (N + bn[i] - 1) / bn[i];
  return tm * tn + (cluster == 2 ? (pair_beside(tm, tn) ? (tn % 2 ? tm : 0) : (tm % 2 ? tn : 0)) : 0);
}
// A tile's work, its area, 128 x 128 counted kSmallTileCost times.
static double tile_area(int i) {
  const int bm[kTileShapes] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM, Tile128x128::BM};
  const int bn[kTileShapes] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN, Tile128x128::BN};
  return (double)bm[i] * bn[i] * (i == kTile128x128 ? kSmallTileCost : 1.0);
}
// The blocks that run at once in clusters of `cluster`: whole clusters.
static int cluster_slots(int sms, int cluster) {
  return sms / cluster * cluster > 0 ? sms / cluster * cluster : cluster;
}
static GemmTile pick_tile(int M, int N, int sms, int cluster = 1) {
  const int slots = cluster_slots(sms, cluster);
  double cost[kTileShapes];
  for (int i = 0; i < kTileShapes; ++i)
    cost[i] = (double)((tile_blocks(i, M, N, cluster) + slots - 1) / slots) * tile_area(i);
  int best = 0;
  for (int i = 1; i < kTileShapes; ++i)
    if (cost[i] < cost[best] * (best == 0 ? 0.98 : 1.0)) best = i;
  return (GemmTile)best;
}

// The tile shape and split for m x n x k on `sms` multiprocessors, in
// clusters of `cluster`: pick_tile's shape unsplit, unless a split of 128 x
// 256 or 128 x 128 tiles whose work items fit in one wave costs less than
// kSplitWins of it. A split's cost is its tile area times (its longest range
// of K-tiles plus the partials' traffic: each range writes its fp32 partial
// and the last one reads the others', counted as kSplitFix times the K-tiles
// of operand bytes that many partial bytes are, BM x BN x 4 per partial
// against (BM + BN) x 128 per K-tile). Measured on the H200: bench/RESULTS.md.
constexpr int kMinSplitKTiles = 16, kMaxSplits = 4;
constexpr double kSplitFix = 1.0, kSplitWins = 0.95;
static void pick_tile_split(int M, int N, int K, int sms, GemmTile* tile, int* splits, int cluster = 1) {
  const int bm[kTileShapes] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM, Tile128x128::BM};
  const int bn[kTileShapes] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN, Tile128x128::BN};
  const long long ktiles = (K + BK - 1) / BK;
  const int slots = cluster_slots(sms, cluster);
  *tile = pick_tile(M, N, sms, cluster), *splits = 1;
  double best = (double)((tile_blocks(*tile, M, N, cluster) + slots - 1) / slots) * tile_area(*tile) * ktiles *
                kSplitWins;
  for (GemmTile i : {kTile128x256, kTile128x128})
    for (int s = 2; s <= kMaxSplits && tile_blocks(i, M, N, cluster) * s <= slots && ktiles / s >= kMinSplitKTiles;
         ++s) {
      const double partial_ktiles = 4.0 * bm[i] * bn[i] / ((bm[i] + bn[i]) * 128.0);
      const double cost = tile_area(i) * ((ktiles + s - 1) / s + kSplitFix * s * partial_ktiles);
      if (cost < best) best = cost, *tile = i, *splits = s;
    }
}

// The split-K workspace of both examples: fp32 partials (tiles x splits x BM x BN) and one
// counter per tile (the grid event `done`), zero between launches (the last arrival
// resets its counter). One per process, grown as needed (cudaMalloc
// synchronizes the device: the first call at a larger size is slow); calls
// that split must therefore not run concurrently on different streams.
struct SplitWorkspace {
  float* partials = nullptr;
  int* counters = nullptr;
  size_t partial_bytes = 0, counter_count = 0;
};
inline cudaError_t split_workspace(size_t partial_bytes, size_t counter_count, float** ws, int** counters) {
  static SplitWorkspace w;
  cudaError_t e = cudaSuccess;
  if (partial_bytes > w.partial_bytes) {
    if (w.partials) cudaFree(w.partials);
    w.partials = nullptr, w.partial_bytes = 0;
    e = cudaMalloc(&w.partials, partial_bytes);
    if (e != cudaSuccess) return e;
    w.partial_bytes = partial_bytes;
  }
  if (counter_count > w.counter_count) {
    if (w.counters) cudaFree(w.counters);
    w.counters = nullptr, w.counter_count = 0;
    e = cudaMalloc(&w.counters, counter_count * sizeof(int));
    if (e == cudaSuccess) e = cudaMemset(w.counters, 0, counter_count * sizeof(int));
    if (e != cudaSuccess) return e;
    w.counter_count = counter_count;
  }
  *ws = w.partials, *counters = w.counters;
  return e;
}

// What both examples' host calls check before a launch (n and k multiples of
// 8, the matrices 16-byte aligned: TMA), then the shape to run in *tile:
// pick_tile's on this device, in clusters of `cluster` (1 or 2), for kTileAuto.
static cudaError_t resolve_tile(const bf16* A, const bf16* B, const bf16* C, int M, int N, int K, int cluster,
                                GemmTile* tile) {
  if (M < 1 || N < 8 || K < 8 || N % 8 != 0 || K % 8 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  if (*tile != kTileAuto) return cudaSuccess;
  int device = 0, sms = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess) *tile = pick_tile(M, N, sms, cluster);
  return e;
}

// f(Shape{}) for the tile shape `tile` names: the one switch over the shapes.
template <class F>
static cudaError_t with_tile_shape(GemmTile tile, F f) {
  switch (tile) {
    case kTile256x152: return f(Tile256x152{});
    case kTile192x160: return f(Tile192x160{});
    case kTile128x128: return f(Tile128x128{});
    default: return f(Tile128x256{});
  }
}

#include "gemm_check.h"

// With a split forced: C as split_gemm(A, B, C, M, N, K, tile, splits)
// writes it, then twice more, each bit for bit the first (the partials are
// added in split order, whichever split arrives last), else a failure.
template <class SplitGemm>
static cudaError_t split_twice_alike(SplitGemm split_gemm, const bf16* A, const bf16* B, bf16* C, int M, int N, int K,
                                     GemmTile tile, int splits) {
  cudaError_t e = split_gemm(A, B, C, M, N, K, tile, splits);
  std::vector<bf16> first((size_t)M * N), again(first.size());
  if (e == cudaSuccess) e = cudaMemcpy(first.data(), C, first.size() * sizeof(bf16), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 2 && e == cudaSuccess; ++i) {
    e = split_gemm(A, B, C, M, N, K, tile, splits);
    if (e == cudaSuccess) e = cudaMemcpy(again.data(), C, again.size() * sizeof(bf16), cudaMemcpyDeviceToHost);
    for (size_t j = 0; e == cudaSuccess && j < first.size(); ++j)
      if (memcmp(&first[j], &again[j], sizeof(bf16)) != 0) {
        fail("C (split, run again)", j, __bfloat162float(again[j]), __bfloat162float(first[j]));
        break;
      }
  }
  return e;
}

// The examples' main: C for m x n x k (argv as in their header comments)
// from the shape gemm(A, B, C, m, n, k, tile) picks, then from each shape
// forced, each into a freshly poisoned C, against the same bf16 values
// multiplied in double on the CPU: within 1e-2 relative Frobenius error (bf16
// output rounding is 2^-9) and every element within 2^-7 relative of the
// largest |reference| plus 1 ulp.
template <class Gemm>
static int gemm_example_main(int argc, char** argv, Gemm gemm) {
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

  std::vector<double> want((size_t)M * N);
  double max_ref = 0;
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

  DeviceArray<bf16> dA(hA), dB(hB), dC((size_t)M * N, kGuard);
  const GemmTile tiles[5] = {kTileAuto, kTile128x256, kTile256x152, kTile192x160, kTile128x128};
  const char* names[5] = {"C (tile picked)", "C (tile 128x256)", "C (tile 256x152)", "C (tile 192x160)",
                          "C (tile 128x128)"};
  bool ok = true;
  for (int v = 0; v < 5 && ok; ++v) {
    dC.fill(0xFF);  // poison: NaN
    CUDA_CHECK(gemm((const bf16*)dA, (const bf16*)dB, (bf16*)dC, M, N, K, tiles[v]));
    CUDA_CHECK(cudaDeviceSynchronize());
    ok = check_gemm_output(names[v], dC.download(), want, tol, dC.guard(), dC.poison());
  }
  printf(EXAMPLE ": m=%d n=%d k=%d c=%016llx\n", M, N, K, reference_checksum(want));
  return finish();
}
#endif

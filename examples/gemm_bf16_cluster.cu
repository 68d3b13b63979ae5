// gemm_bf16_cluster.cu - the Hopper GEMM of gemm_bf16.cu in clusters of two
// blocks that share their B tile through TMA multicast (docs/clusters.md):
// C = A * B^T in bf16 with fp32 accumulation, warp-specialized on TMA and
// wgmma (sm_90a).
// tirx-pp: required
//
//   gemm_bf16_cluster [m [n [k [splits]]]]   as gemm_bf16: A is m x k, B is n
//                                   x k, C is m x n, all row-major bf16; n and
//                                   k are rounded up to multiples of 8. Default
//                                   1000 1500 1064; with m alone, n = min(m,
//                                   600) + 5 and k = min(m, 300) + 7; splits
//                                   forces split-K for every tile shape, each
//                                   result bit for bit alike three times
//
// The kernel is gemm_bf16's (a template over its four tile shapes: 128 x
// 256, 256 x 152, 192 x 160 and 128 x 128; one producer and two consumer
// warpgroups around a ring of K-tiles; gemm_bf16_tiles.cuh holds what the two
// share), launched in clusters of 2 x 1 blocks
// (`#pragma tirx launch grid(persistent) cluster(2)`). The two blocks of a
// cluster take two neighbouring tiles of C that need the same K-tiles of one
// operand, which they copy once for both with TMA multicast: either side by
// side (tiles 2q and 2q + 1 of one tile row: the same BM x 64 K-tile of A)
// or one above the other (tile rows 2p and 2p + 1 of one column: the same BN
// x 64 K-tile of B). Each rank copies its part of the shared K-tile into the
// same slot of both blocks, and its own K-tile of the other operand into its
// own slot. The parts are whole 1024-byte swizzle atoms (8 rows of 128 bytes),
// so that each lands on an atom boundary of the slot as the 128-byte swizzle
// wants: A's halves (64, 128 or 96 rows), or B's first BN / 2 rows rounded up
// to a multiple of 8 and the rest: 128 + 128 for BN = 256, 80 + 80 for 160,
// 80 + 72 for 152 and 64 + 64 for 128 (two maps of B, one box size each; 76 +
// 76 would put rank 1's part in the middle of an atom). The host pairs tiles
// side by side on a skinny C (two columns of tiles: 8448 x 256 x 4096
// measured 0.99-1.02x of gemm_bf16 so against 0.79x one above the other; A
// streams from memory there, B is read by every block), and elsewhere one
// above the other unless that adds more tiles past C's edge (pair_beside:
// 3000 x 5000 in 256 x 152 tiles has 12 tile rows and 33 tile columns, 396
// tiles, 3 full waves of 132, which 17 pairs of columns would make 408, 4
// waves; 16896 x 256 has one tile column). Each block announces the bytes that land in its slot on its
// own `full` (tirx_trigger_bytes); `full` is a cluster event, so that its
// barriers are initialized and published before the other block copies into
// them. A slot of `empty` is free only once the consumers of both blocks are
// done with it (the other block's producer writes into it too): `empty` is a
// cluster event whose consumers' triggers release the slot in both blocks,
// tirx-pp counting 8 warps x 2 blocks. C is staged in the slot of the tile's
// last K-tile, as gemm_bf16 does, and the slot released one K-tile into the
// next tile, after the TMA stores read it: the other block's producer waits
// for that release too. That release is under an `if` marked `#pragma tirx
// uniform` (every consumer thread takes it alike), so tirx-pp still infers
// the count. The cluster walks its pairs persistent, in groups of 8 tile rows
// as gemm_bf16 does; a block whose tile is past C's edge computes zeros that
// TMA's store clips away. On a skinny C (one or two columns of tiles) the
// copies tell L2 to drop A's lines first and keep B's, as in gemm_bf16. Every
// block leaves through a cluster barrier (tirx-pp puts it at the end of the
// events' scope), so that none exits while the other still copies into it.
// Split-K as in gemm_bf16.cu: a pair's K-tiles cut into ranges, each a work
// item of both blocks of the cluster (the same range of their two tiles),
// reduced by the last to arrive at each tile's grid event `done`. The host
// picks the shape and split with gemm_bf16's rule on the clusters' tiles
// (pick_tile_split); gemm_bf16_cluster_split() forces them. On a C of two
// columns of tiles the pairs side by side multicast A, the operand that
// streams from memory: 4224 x 256 x 16384 split in two ran at 0.99x cuBLAS
// against the 1 x 1 kernel's 0.86x (bench/RESULTS.md).
//
// The CPU reference and tolerances are gemm_bf16's (gemm_example_main in
// gemm_bf16_tiles.cuh): main checks the picked shape and each of the four
// forced. gemm_bf16_cluster()
// (below the kernel) is the host call that bench/gemm_cluster.cu times
// against gemm_bf16 and cuBLAS; everything but main is in namespace
// gemm_cluster, so that both examples go into one program. Define
// GEMM_BF16_CLUSTER_NO_MAIN to include this file there.
#include <cuda_bf16.h>

#define EXAMPLE "gemm_bf16_cluster"
#define EXAMPLE_ARGS "[m [n [k [splits]]]]"
#include "harness.h"
// bf16, BK, kGroupRows, the tile shapes, mma_ktile, the epilogue's stores,
// pick_tile and the check against the CPU (shared with gemm_bf16.cu)
#include "gemm_bf16_tiles.cuh"

// ---- kernel ------------------------------------------------------------------

// In a namespace, so that bench/gemm_cluster.cu takes this file and
// gemm_bf16.cu into one program.
namespace gemm_cluster {
constexpr int kClusterM = 2;  // blocks per cluster (launched 2 x 1; their tiles paired as Pairing says)
static_assert(kGroupRows % kClusterM == 0, "L2 groups of whole clusters");

// When the two blocks of a cluster share the BN x 64 K-tile of B of tile
// shape T (one above the other), they split it in two parts of whole 1024-byte swizzle atoms (8 rows of 128
// bytes), so that each part lands on an atom boundary of the slot: rank 0
// copies the first kPart0 rows (BN / 2 rounded up to a multiple of 8), rank 1
// the other kPart1: 128 + 128 for BN = 256, 80 + 80 for 160, 80 + 72 for 152,
// 64 + 64 for 128.
template <class T>
struct BSplit {
  static constexpr int kPart0 = (T::BN / 2 + 7) / 8 * 8, kPart1 = T::BN - kPart0;  // rows of B each rank copies
  static_assert(kPart0 % 8 == 0 && kPart1 % 8 == 0 && kPart1 > 0 && kPart0 <= 256,
                "each block's part of B must be whole swizzle atoms, at most a TMA box (256 rows)");
};

// Which tiles the two blocks of a cluster take. Side by side (`beside`:
// tiles 2q and 2q + 1 of one tile row, which share A's K-tiles) or one above
// the other (tile rows 2p and 2p + 1 of one column, which share B's). The
// host picks the pairing that adds fewer tiles past C's edge (pair_beside),
// side by side on a tie: multicasting A, the operand that streams from
// memory, measured better there (bench/RESULTS.md).
struct Pairing {
  bool beside;
  int tiles_m, tiles_n;
  __host__ __device__ int pairs_n() const { return beside ? (tiles_n + 1) / 2 : tiles_n; }
  __host__ __device__ int pairs() const { return (beside ? tiles_m : (tiles_m + 1) / 2) * pairs_n(); }
  // The tiles the pairs cover, those past C's edge included, numbered row by
  // row: the split-K event's and workspace's tiles.
  __host__ __device__ int vcols() const { return beside ? pairs_n() * 2 : tiles_n; }
  __host__ __device__ int vtiles() const { return (beside ? tiles_m : (tiles_m + 1) / 2 * 2) * vcols(); }
  __device__ int vtile(int row, int col) const { return row * vcols() + col; }
  // The tile row and column of block `rank` in the pair at grouped position `pos`.
  __device__ void tile(int pos, int rank, int* row, int* col) const {
    const int pair = tirx_tile_grouped(pos, pairs(), pairs_n(), beside ? kGroupRows : kGroupRows / kClusterM);
    *row = beside ? pair / pairs_n() : pair / pairs_n() * kClusterM + rank;
    *col = beside ? pair % pairs_n() * kClusterM + rank : pair % pairs_n();
  }
};

// One K-tile's copy into dst, completing on bar: into this block, or
// (`shared`) into both blocks of the cluster; with the L2 policy `policy`
// when `hinted` (a skinny C: measured), else as a plain copy (an
// evict_normal policy on every copy cost 1-15% at square and ragged sizes).
__device__ __forceinline__ void copy_ktile(bf16* dst, const CUtensorMap* map, int row, int col, uint64_t* bar,
                                           bool shared, bool hinted, uint64_t policy) {
  const uint16_t both = (uint16_t)((1u << kClusterM) - 1);
  if (shared && hinted) tirx_tma_load_2d_multicast_hint(dst, map, row, col, bar, both, policy);
  else if (shared) tirx_tma_load_2d_multicast(dst, map, row, col, bar, both);
  else if (hinted) tirx_tma_load_2d_hint(dst, map, row, col, bar, policy);
  else tirx_tma_load_2d(dst, map, row, col, bar);
}

// Side by side (p.beside), mapA has boxes of half the tile's rows (each
// rank copies its half into both blocks) and mapB0 whole tiles of B (each
// block its own; mapB1 is not used). One above the other, mapA has whole
// tiles and mapB0 and mapB1 boxes of the two ranks' parts of B (BSplit's
// kPart0, kPart1 rows).
template <class T, bool kSplit = false>
__global__ void gemm_bf16_cluster_kernel(const __grid_constant__ CUtensorMap mapA,
                                         const __grid_constant__ CUtensorMap mapB0,
                                         const __grid_constant__ CUtensorMap mapB1,
                                         const __grid_constant__ CUtensorMap mapC, Pairing p, int K, int splits,
                                         float* ws, int* counters, int skew) {
  if constexpr (!kSplit) splits = 1, skew = 0;  // constants for the compiler: the divisions fold
  constexpr int BM = T::BM, BN = T::BN, STAGES = T::STAGES;
  static_assert(BM / 2 % 8 == 0 && BM / 2 <= 256, "side by side, each block's half of A must be whole swizzle atoms");
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B
  // slots. The same offsets in both blocks: multicast writes at the offset
  // of its destination address in each block.
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;  // kStagingBytes / 2 for each consumer warpgroup
  // The work items: each pair's `splits` K ranges, one after the other in
  // the walk (both blocks of a cluster take the same range of their tiles).
  const int ktiles = (K + BK - 1) / BK, items = p.pairs() * splits, vtiles = p.vtiles();
  const int rank = (int)tirx_cluster_rank();  // 0 or 1: which tile of the pair, which part of A or B
  const int cluster = blockIdx.x / kClusterM, clusters = gridDim.x / kClusterM;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event done[vtiles] grid(counters) count(splits)  // split-K: the splits of a tile (gemm_bf16.cu)
#pragma tirx event full[STAGES] cluster
#pragma tirx event empty[STAGES] ready cluster
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    const CUtensorMap* mapB = rank == 0 || p.beside ? &mapB0 : &mapB1;
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(mapB);
    // Where this rank's copies start in the A and B tiles: its part of the shared one.
    const int a_part = p.beside ? rank * (BM / 2) : 0, b_part = p.beside ? 0 : rank * BSplit<T>::kPart0;
    // A skinny C (one or two columns of tiles): A's lines leave L2 first and
    // B's stay, as in gemm_bf16.cu.
    const bool skinny = p.tiles_n <= 2;
    const uint64_t policy_a = skinny ? tirx_l2_policy_evict_first() : 0;
    const uint64_t policy_b = skinny ? tirx_l2_policy_evict_last() : 0;
    int it = 0;  // K-tiles issued so far: the ring position
    for (int item = cluster; item < items; item += clusters) {
      int tile_row, tile_col;
      p.tile(item / splits, rank, &tile_row, &tile_col);
      const int row0 = tile_row * BM, col0 = tile_col * BN, split = item % splits;
      const int kend = split_start(split + 1, splits, ktiles, skew);
      for (int kt = split_start(split, splits, ktiles, skew); kt < kend; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);  // free in both blocks
        tirx_trigger_bytes(full[s], T::kStageBytes);  // A and B, both parts of the shared one, land here
        if (threadIdx.x == 0) {  // side by side: A's halves into both blocks and B our own; else the other way
          copy_ktile(As + (s * BM + a_part) * BK, &mapA, row0 + a_part, kt * BK, &full[s], p.beside, skinny, policy_a);
          copy_ktile(Bs + (s * BN + b_part) * BK, mapB, col0 + b_part, kt * BK, &full[s], !p.beside, skinny, policy_b);
        }
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes the first R x 64 x WN block of the tile, warpgroup 2 the second
    const int half = wg - 1, t = threadIdx.x % 128;
    const int a_row = T::kSideBySide ? 0 : half * 64 * T::R, b_row = T::kSideBySide ? half * T::WN : 0;
    int it = 0;  // K-tiles consumed so far: follows the producer
    int staged = -1;  // the ring slot that holds the previous tile's C until TMA has read it
    for (int item = cluster; item < items; item += clusters) {
      int tile_row, tile_col;
      p.tile(item / splits, rank, &tile_row, &tile_col);
      const int row0 = tile_row * BM + a_row, col0 = tile_col * BN + b_row, split = item % splits;
      const int tile = p.vtile(tile_row, tile_col);
      const int nk = split_start(split + 1, splits, ktiles, skew) - split_start(split, splits, ktiles, skew);  // >= 1
      float acc[T::R][T::WN / 2];
      if constexpr (kSplit)  // (as in gemm_bf16.cu: else ptxas serializes the first wgmmas)
#pragma unroll
        for (int i = 0; i < T::R; ++i)
#pragma unroll
          for (int j = 0; j < T::WN / 2; ++j) acc[i][j] = 0;
      int s = it % STAGES;
      tirx_wait(full[s]);
      mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, false);
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
      if (staged >= 0) {  // the previous tile's C is out of its slot by now: hand the slot back, in both blocks
        if (t < 32) {
          if (t == 0) tirx_tma_store_wait_read<0>();  // thread 0 issued the stores
          __syncwarp();
        }
#pragma tirx elect
        tirx_trigger(empty[staged]);
      }
      for (int kt = 1; kt < nk; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, true);
        tirx_wgmma_wait<1>();  // the previous K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[prev]);  // in both blocks
      }
      tirx_wgmma_wait<0>();
      it += nk;
#pragma unroll
      for (int i = 0; i < T::R; ++i) tirx_wgmma_fence_operand(acc[i]);
      // Both consumers are done reading slot s: it is (part of) the staging
      // now. Named barrier 3 for the 256 consumer threads (1 and 2 are the
      // warpgroups' own, passed to the epilogue as 1 + half), as in
      // gemm_bf16.cu. The other block's producer waits for this block's
      // release of the slot too.
      tirx_bar_sync(3, 256);
      // Split: only the block that arrives last at the tile stores it, as in
      // gemm_bf16.cu (a pair's two tiles are two tiles of the event).
      bool store = true;
#pragma tirx uniform
      if constexpr (kSplit) {
        store = tirx_trigger_if_last(done[tile]);
#pragma tirx uniform
        if (!store) {
          split_write<T>(acc, split_partial<T>(ws, tile, split, splits, half, t));
          store = tirx_trigger_last(done[tile]);
        }
        if (store) split_sum<T>(acc, ws, tile, split, splits, half, t);
      }
      if (store) store_c<T>(&mapC, row0, col0, acc, As, Bs, staging, s, half, t);
      staged = s;
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
// Tensor maps for A (the tile's rows), B (twice: boxes of each rank's part)
// and C (the staged boxes), then whole clusters of two blocks, as many as can
// be resident (`grid(persistent) cluster(2)`), not waited for.
template <class T>
static cudaError_t launch_gemm(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, int splits,
                               cudaStream_t stream) {
  CUtensorMap mapA, mapB0, mapB1, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  const Pairing p = {pair_beside((M + T::BM - 1) / T::BM, (N + T::BN - 1) / T::BN), (M + T::BM - 1) / T::BM,
                     (N + T::BN - 1) / T::BN};
  // The shared operand's maps have boxes of each rank's part, the other's whole tiles.
  CUresult r = tirx_tensor_map_2d(&mapA, type, A, M, K, (uint64_t)K * 2, p.beside ? T::BM / 2 : T::BM, BK, sw);
  if (r == CUDA_SUCCESS)
    r = tirx_tensor_map_2d(&mapB0, type, B, N, K, (uint64_t)K * 2, p.beside ? T::BN : BSplit<T>::kPart0, BK, sw);
  if (r == CUDA_SUCCESS)
    r = tirx_tensor_map_2d(&mapB1, type, B, N, K, (uint64_t)K * 2, p.beside ? T::BN : BSplit<T>::kPart1, BK, sw);
  if (r == CUDA_SUCCESS)  // C's boxes: what a consumer stages (store_tile_tma, store_blocks_tma)
    r = T::kSwizzledStore ? tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, 64, sw)
                          : tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, T::WN,
                                               CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  // The work, in blocks: two per pair of tiles (and split).
  const int ktiles = (K + BK - 1) / BK;
  if (splits > ktiles) splits = ktiles;  // every range at least one K-tile
  cudaError_t err;
  if (splits <= 1) {
#pragma tirx launch grid(persistent) cluster(2) smem(T::kSmemBytes) stream(stream) async status(err)
    gemm_bf16_cluster_kernel<T, false>
        <<<p.pairs() * kClusterM, 384>>>(mapA, mapB0, mapB1, mapC, p, K, 1, nullptr, nullptr, 0);
    return err;
  }
  const int skew = ktiles / splits >= 8 * splits ? 2 : 0;  // as gemm_bf16.cu's
  float* ws;
  int* counters;
  err = split_workspace((size_t)p.vtiles() * splits * T::BM * T::BN * sizeof(float), (size_t)p.vtiles(), &ws,
                        &counters);
  if (err != cudaSuccess) return err;
#pragma tirx launch grid(persistent) cluster(2) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_bf16_cluster_kernel<T, true>
      <<<p.pairs() * kClusterM * splits, 384>>>(mapA, mapB0, mapB1, mapC, p, K, splits, ws, counters, skew);
  return err;
}

// C = A * B^T on `stream` with the given tile shape and split, in clusters
// of two blocks (kTileAuto and 0: pick_tile_split's on what the clusters
// compute; kTileAuto and a split: pick_tile's shape; a shape and 0:
// unsplit). n and k must be multiples of 8 and the matrices 16-byte aligned
// (TMA). Returns the first error (cudaErrorNotSupported: the driver has no
// TMA). The split-K workspace is gemm_bf16's (one per process).
static cudaError_t gemm_bf16_cluster_split(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile,
                                           int splits, cudaStream_t stream = 0) {
  if (tile == kTileAuto && splits <= 0) {
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    pick_tile_split(M, N, K, sms, &tile, &splits, kClusterM);
  }
  cudaError_t e = resolve_tile(A, B, C, M, N, K, kClusterM, &tile);
  if (e != cudaSuccess) return e;
  return with_tile_shape(tile, [&](auto shape) {
    return gemm_cluster::launch_gemm<decltype(shape)>(A, B, C, M, N, K, splits, stream);
  });
}

// C = A * B^T on `stream` with the given tile shape (kTileAuto: the shape and
// split pick_tile_split chooses; a shape: unsplit).
static cudaError_t gemm_bf16_cluster_tile(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile,
                                          cudaStream_t stream = 0) {
  return gemm_bf16_cluster_split(A, B, C, M, N, K, tile, 0, stream);
}

// C = A * B^T on `stream`, the tile shape chosen for m x n: what
// bench/gemm_cluster.cu times against gemm_bf16 and cuBLAS.
static cudaError_t gemm_bf16_cluster(const bf16* A, const bf16* B, bf16* C, int M, int N, int K,
                                     cudaStream_t stream = 0) {
  return gemm_cluster::gemm_bf16_cluster_tile(A, B, C, M, N, K, kTileAuto, stream);
}
#endif
}  // namespace gemm_cluster

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_BF16_CLUSTER_NO_MAIN

int main(int argc, char** argv) {
  // A fourth argument forces the split (1: none) for every tile shape, and
  // each result must come out bit for bit the same three times.
  const int splits = argc > 4 ? parse_size(argc, argv, 4, 1, 64) : 0;
  return gemm_example_main(argc, argv, [=](const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile) {
    auto split_gemm = [](const bf16* a, const bf16* b, bf16* c, int m, int n, int k, GemmTile s, int p) {
      return gemm_cluster::gemm_bf16_cluster_split(a, b, c, m, n, k, s, p);
    };
    return splits > 1 ? split_twice_alike(split_gemm, A, B, C, M, N, K, tile, splits)
                      : gemm_cluster::gemm_bf16_cluster_split(A, B, C, M, N, K, tile, splits);
  });
}
#endif

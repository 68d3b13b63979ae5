// gemm_bf16.cu - the Hopper GEMM: C = A * B^T in bf16 with fp32 accumulation,
// warp-specialized (docs/language.md: regions, events, schedules) on TMA and wgmma (sm_90a).
// tirx-pp: required
//
//   gemm_bf16 [m [n [k]]]   A is m x k, B is n x k, C is m x n, all row-major
//                           bf16; n and k are rounded up to multiples of 8 (TMA:
//                           rows 16-byte aligned). Default 1000 1500 1064; with m
//                           alone, n = min(m, 600) + 5 and k = min(m, 300) + 7
//
// One block per SM walks the tiles of C (`persistent`, in groups of 8 tile
// rows so that the blocks running together share A's rows and B's columns in
// L2). In the 128 x 256 shape, warpgroup 0 is the producer: one thread copies
// each 128 x 64 K-tile of A and 256 x 64 K-tile of B into a slot of a 4-slot
// ring with TMA, which completes the slot's `full` event when the bytes land.
// Warpgroups 1 and 2 are the consumers, each a 64 x 256 half of the tile in
// 128 fp32 registers per thread: they wait for `full`, issue four wgmma
// m64n256k16 on the slot, and hand the slot back through `empty` one K-tile
// later, once the next K-tile's wgmmas are queued behind it (wgmma.wait_group
// 1). `regs()` gives the consumers 240 registers and the producer 24. On a
// skinny C (one or two columns of tiles) the copies tell L2 to drop A's lines
// first and keep B's (tirx_tma_load_2d_hint). Edge
// tiles need no code: TMA reads zeros outside A and B, and its stores of C clip
// at C's edges. The epilogue goes through shared memory and a TMA store, so
// that it overlaps the warpgroup's next tile instead of waiting for device
// memory: C is staged in the ring slot of the tile's last K-tile, which goes
// back to the producer one K-tile into the next tile, once TMA has read it.
// That hand-back sits under an `if` (not on the first tile) that every
// consumer thread takes alike, which `#pragma tirx uniform` tells tirx-pp, so
// that it still counts `empty`'s arrivals (one per consumer warp).
//
// Three more tile shapes, the same kernel as a template: for sizes whose
// 128 x 256 tiles leave the last wave of blocks partly idle (ragged shapes),
// 256 x 152 (each consumer 128 x 152: two wgmma m64n152k16 per K step) and
// 192 x 160 (each consumer 192 x 80, side by side: three m64n80k16); for
// sizes with fewer 128 x 256 tiles than SMs, 128 x 128 (m64n128k16). The host
// picks the shape whose tiles fill the waves best (pick_tile); bench/gemm.cu
// times them all.
//
// The CPU reference multiplies the same bf16 values in double; the result is
// within 1e-2 relative Frobenius error (bf16 output rounding is 2^-9) and
// every element within 2^-7 relative of the largest |reference| plus 1 ulp,
// from the picked shape and from each shape forced. The tile shapes and the
// kernel's device helpers are in gemm_bf16_tiles.cuh, which
// gemm_bf16_cluster.cu shares.
//
// gemm_bf16() (below the kernel) is the host call that bench/gemm.cu times
// against cuBLAS; define GEMM_BF16_NO_MAIN to include this file there.
#define EXAMPLE "gemm_bf16"
#define EXAMPLE_ARGS "[m [n [k [splits]]]]"
#include "harness.h"
// bf16, BK, the tile shapes, mma_ktile, the epilogue's stores, pick_tile and
// the check against the CPU (shared with gemm_bf16_cluster.cu)
#include "gemm_bf16_tiles.cuh"

// ---- kernel ------------------------------------------------------------------

template <class T, bool kSplit = false>
__global__ void gemm_bf16_kernel(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                                 const __grid_constant__ CUtensorMap mapC, int M, int N, int K, int splits, float* ws,
                                 int* counters, int skew) {
  if constexpr (!kSplit) splits = 1, skew = 0;  // constants for the compiler: the divisions fold
  constexpr int BM = T::BM, BN = T::BN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B slots.
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;  // kStagingBytes / 2 for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, tiles = (M + BM - 1) / BM * tiles_n, ktiles = (K + BK - 1) / BK;
  // The work items: each tile's `splits` K ranges, numbered as the columns
  // of a tiles_m x (tiles_n * splits) grid (a tile's splits side by side),
  // which the grouped order walks.
  const int cols = tiles_n * splits, items = tiles * splits;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event done[tiles] grid(counters) count(splits)  // split-K: the splits of a tile (docs/regions-and-events.md)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    // With one or two columns of tiles (a skinny C: n <= 2 BN), each row of
    // A is read once, by the one block or the two blocks of its tile row
    // (which run together in the grouped order), while B, n rows, is read by
    // every block: A's lines are marked to leave L2 first and B's to stay
    // (2-4% at 16896 x 256 x 4096 and 8448 x 256 x 4096; on wider C the
    // blocks share A's rows through L2 for longer, and the hint cost 0.5-1%:
    // bench/RESULTS.md).
    const bool skinny = tiles_n <= 2;
    int it = 0;  // K-tiles issued so far: the ring position
#pragma tirx persistent(item: items) order(grouped(cols, kGroupRows))
    {
      const int split = item % splits, row = item / cols * BM, col = item % cols / splits * BN;
      const int kend = split_start(split + 1, splits, ktiles, skew);
      for (int kt = split_start(split, splits, ktiles, skew); kt < kend; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        tirx_trigger_bytes(full[s], T::kStageBytes);  // by thread 0, which issues the copies
        if (threadIdx.x == 0) load_ktile<T>(As, Bs, s, &mapA, &mapB, row, col, kt * BK, &full[s], skinny);
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes the first R x 64 x WN block of the tile, warpgroup 2 the second
    const int half = wg - 1, t = threadIdx.x % 128;
    const int a_row = T::kSideBySide ? 0 : half * 64 * T::R, b_row = T::kSideBySide ? half * T::WN : 0;
    int it = 0;  // K-tiles consumed so far: follows the producer
    int staged = -1;  // the ring slot that holds the previous tile's C until TMA has read it
#pragma tirx persistent(item: items) order(grouped(cols, kGroupRows))
    {
      const int split = item % splits, tile = item / cols * tiles_n + item % cols / splits;
      const int nk = split_start(split + 1, splits, ktiles, skew) - split_start(split, splits, ktiles, skew);  // >= 1
      float acc[T::R][T::WN / 2];
      if constexpr (kSplit)  // (without this, ptxas serializes the 128 x 128 split's first wgmmas)
#pragma unroll
        for (int i = 0; i < T::R; ++i)
#pragma unroll
          for (int j = 0; j < T::WN / 2; ++j) acc[i][j] = 0;
      int s = it % STAGES;
      tirx_wait(full[s]);
      mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, false);
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
      if (staged >= 0) {  // the previous tile's C is out of its slot by now: hand the slot back
        wait_stores_read(t);
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
        tirx_trigger(empty[prev]);
      }
      tirx_wgmma_wait<0>();
      it += nk;
#pragma unroll
      for (int i = 0; i < T::R; ++i) tirx_wgmma_fence_operand(acc[i]);
      const int row0 = tile / tiles_n * BM + a_row, col0 = tile % tiles_n * BN + b_row;
      // Both consumers are done reading slot s: it is (part of) the staging
      // now. Named barrier 3 for the 256 consumer threads (1 and 2 are the
      // warpgroups' own, passed to the epilogue as 1 + half, which tirx-pp
      // cannot read: with tirx_region_sync() here it would warn that its id
      // may be one).
      tirx_bar_sync(3, 256);
      // Split: only the block that arrives last at the tile stores it (the
      // same answer in its 256 consumer threads). It first asks whether the
      // others are all in (the skew makes the last range usually the last
      // to finish): then it writes no partial.
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

#ifndef __CUDACC_RTC__  // host code: not for NVRTC (tests/gpu/rt_runner.c makes the maps itself)
// Tensor maps for A and B with the tile's boxes (and C's staged boxes), then
// one block per SM (or per work item, when there are fewer) with the
// shared-memory limit raised, not waited for (`#pragma tirx launch`,
// docs/language.md#launches). splits > 1: each tile's K-tiles in that many
// ranges, reduced through the workspace by the last split to arrive (the grid event `done`).
template <class T>
static cudaError_t launch_gemm(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, int splits,
                               cudaStream_t stream) {
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, type, A, M, K, (uint64_t)K * 2, T::BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, type, B, N, K, (uint64_t)K * 2, T::BN, BK, sw);
  if (r == CUDA_SUCCESS)  // C's boxes: what a consumer stages (store_tile_tma, store_blocks_tma)
    r = T::kSwizzledStore
            ? tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, 64, sw)
            : tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, T::WN, CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + T::BM - 1) / T::BM * ((N + T::BN - 1) / T::BN), ktiles = (K + BK - 1) / BK;
  if (splits > ktiles) splits = ktiles;  // every range at least one K-tile
  cudaError_t err;
  if (splits <= 1) {
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
    gemm_bf16_kernel<T, false><<<tiles, 384>>>(mapA, mapB, mapC, M, N, K, 1, nullptr, nullptr, 0);
    return err;
  }
  // A skew of 2 K-tiles where every range keeps 4 skews' worth: the last
  // range usually finds the others' partials written and writes none (with
  // the peek, 1-3% over neither at 4224 x 256: bench/RESULTS.md).
  const int skew = ktiles / splits >= 8 * splits ? 2 : 0;
  float* ws;
  int* counters;
  err = split_workspace((size_t)tiles * splits * T::BM * T::BN * sizeof(float), (size_t)tiles, &ws, &counters);
  if (err != cudaSuccess) return err;
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_bf16_kernel<T, true><<<tiles * splits, 384>>>(mapA, mapB, mapC, M, N, K, splits, ws, counters, skew);
  return err;
}

// C = A * B^T on `stream` with the given tile shape and split (kTileAuto
// and 0: pick_tile_split's; kTileAuto and a split: pick_tile's shape; a shape
// and 0: unsplit). n and k must be multiples of 8 and the matrices 16-byte
// aligned (TMA). Returns the first error (cudaErrorNotSupported: the driver
// has no TMA).
static cudaError_t gemm_bf16_split(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile,
                                   int splits, cudaStream_t stream = 0) {
  if (tile == kTileAuto && splits <= 0) {
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    pick_tile_split(M, N, K, sms, &tile, &splits);
  }
  cudaError_t e = resolve_tile(A, B, C, M, N, K, 1, &tile);
  if (e != cudaSuccess) return e;
  return with_tile_shape(tile,
                         [&](auto shape) { return launch_gemm<decltype(shape)>(A, B, C, M, N, K, splits, stream); });
}

// C = A * B^T on `stream` with the given tile shape (kTileAuto: the shape and
// split pick_tile_split chooses; a shape: unsplit).
static cudaError_t gemm_bf16_tile(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile,
                                  cudaStream_t stream = 0) {
  return gemm_bf16_split(A, B, C, M, N, K, tile, 0, stream);
}

// C = A * B^T on `stream`, the tile shape and split chosen for m x n x k:
// what bench/gemm.cu times against cuBLAS.
static cudaError_t gemm_bf16(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, cudaStream_t stream = 0) {
  return gemm_bf16_tile(A, B, C, M, N, K, kTileAuto, stream);
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_BF16_NO_MAIN

int main(int argc, char** argv) {
  // A fourth argument forces the split (1: none) for every tile shape, and
  // each result must come out bit for bit the same three times.
  const int splits = argc > 4 ? parse_size(argc, argv, 4, 1, 64) : 0;
  return gemm_example_main(argc, argv, [=](const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile) {
    auto split_gemm = [](const bf16* a, const bf16* b, bf16* c, int m, int n, int k, GemmTile s, int p) {
      return gemm_bf16_split(a, b, c, m, n, k, s, p);
    };
    return splits > 1 ? split_twice_alike(split_gemm, A, B, C, M, N, K, tile, splits)
                      : gemm_bf16_split(A, B, C, M, N, K, tile, splits);
  });
}
#endif

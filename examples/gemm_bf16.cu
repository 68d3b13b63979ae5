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
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"
// bf16, BK, the tile shapes, mma_ktile, the epilogue's stores, pick_tile and
// the check against the CPU (shared with gemm_bf16_cluster.cu)
#include "gemm_bf16_tiles.cuh"

// ---- kernel ------------------------------------------------------------------

template <class T>
__global__ void gemm_bf16_kernel(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                                 const __grid_constant__ CUtensorMap mapC, int M, int N, int K) {
  constexpr int BM = T::BM, BN = T::BN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B slots.
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;  // kStagingBytes / 2 for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, tiles = (M + BM - 1) / BM * tiles_n, ktiles = (K + BK - 1) / BK;
#pragma tirx warpgroups(wg: 3)
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
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    for (int kt = 0; kt < ktiles; ++kt, ++it) {
      const int s = it % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], T::kStageBytes);  // by thread 0, which issues the copies
      if (threadIdx.x == 0) {
        bf16 *a = As + s * BM * BK, *b = Bs + s * BN * BK;
        const int row = tile / tiles_n * BM, col = tile % tiles_n * BN;
        if (skinny) {
          tirx_tma_load_2d_hint(a, &mapA, row, kt * BK, &full[s], tirx_l2_policy_evict_first());
          tirx_tma_load_2d_hint(b, &mapB, col, kt * BK, &full[s], tirx_l2_policy_evict_last());
        } else {
          tirx_tma_load_2d(a, &mapA, row, kt * BK, &full[s]);
          tirx_tma_load_2d(b, &mapB, col, kt * BK, &full[s]);
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
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    {
      float acc[T::R][T::WN / 2];
      int s = it % STAGES;
      tirx_wait(full[s]);
      mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, false);
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
      if (staged >= 0) {  // the previous tile's C is out of its slot by now: hand the slot back
        if (t < 32) {
          if (t == 0) tirx_tma_store_wait_read<0>();  // thread 0 issued the stores
          __syncwarp();
        }
#pragma tirx elect
        tirx_trigger(empty[staged]);
      }
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, true);
        tirx_wgmma_wait<1>();  // the previous K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[prev]);
      }
      tirx_wgmma_wait<0>();
      it += ktiles;
#pragma unroll
      for (int i = 0; i < T::R; ++i) tirx_wgmma_fence_operand(acc[i]);
      const int row0 = tile / tiles_n * BM + a_row, col0 = tile % tiles_n * BN + b_row;
      // Both consumers are done reading slot s: it is (part of) the staging
      // now. Named barrier 3 for the 256 consumer threads (1 and 2 are the
      // warpgroups' own, passed to the epilogue as 1 + half, which tirx-pp
      // cannot read: with tirx_region_sync() here it would warn that its id
      // may be one).
      tirx_bar_sync(3, 256);
      bf16* slot = half == 0 ? As + s * BM * BK : Bs + s * BN * BK;
      if constexpr (T::kSwizzledStore)
        store_tile_tma<T::WN>(&mapC, row0, col0, acc[0], T::kOwnStaging ? staging + half * 64 * 128 : nullptr, slot,
                              t, 1 + half);
      else
        store_blocks_tma<T>(&mapC, row0, col0, acc, slot, t, 1 + half);
      staged = s;
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC (tests/gpu/rt_runner.c makes the maps itself)
// Tensor maps for A and B with the tile's boxes (and C's staged boxes), then
// one block per SM (or per tile, when there are fewer) with the shared-memory
// limit raised, not waited for (`#pragma tirx launch`, docs/language.md#launches).
template <class T>
static cudaError_t launch_gemm(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, cudaStream_t stream) {
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, type, A, M, K, (uint64_t)K * 2, T::BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, type, B, N, K, (uint64_t)K * 2, T::BN, BK, sw);
  if (r == CUDA_SUCCESS)  // C's boxes: what a consumer stages (store_tile_tma, store_blocks_tma)
    r = T::kSwizzledStore ? tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, 64, sw)
                          : tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, T::WN,
                                               CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + T::BM - 1) / T::BM * ((N + T::BN - 1) / T::BN);
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_bf16_kernel<T><<<tiles, 384>>>(mapA, mapB, mapC, M, N, K);
  return err;
}

// C = A * B^T on `stream` with the given tile shape (kTileAuto: pick_tile's).
// n and k must be multiples of 8 and the matrices 16-byte aligned (TMA).
// Returns the first error (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t gemm_bf16_tile(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile,
                                  cudaStream_t stream = 0) {
  cudaError_t e = resolve_tile(A, B, C, M, N, K, 1, &tile);
  if (e != cudaSuccess) return e;
  return with_tile_shape(tile, [&](auto shape) { return launch_gemm<decltype(shape)>(A, B, C, M, N, K, stream); });
}

// C = A * B^T on `stream`, the tile shape chosen for m x n: what bench/gemm.cu
// times against cuBLAS.
static cudaError_t gemm_bf16(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, cudaStream_t stream = 0) {
  return gemm_bf16_tile(A, B, C, M, N, K, kTileAuto, stream);
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_BF16_NO_MAIN

int main(int argc, char** argv) {
  return gemm_example_main(argc, argv, [](const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile) {
    return gemm_bf16_tile(A, B, C, M, N, K, tile);
  });
}
#endif

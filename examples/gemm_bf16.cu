// gemm_bf16.cu - the Hopper GEMM: C = A * B^T in bf16 with fp32 accumulation,
// warp-specialized (SPEC sections 3-5) on TMA and wgmma (sm_90a).
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
// 1). `regs()` gives the consumers 240 registers and the producer 24. Edge
// tiles need no code: TMA reads zeros outside A and B, and its stores of C clip
// at C's edges. The epilogue goes through shared memory and a TMA store, so
// that it overlaps the warpgroup's next tile instead of waiting for device
// memory: C is staged in the ring slot of the tile's last K-tile, which goes
// back to the producer one K-tile into the next tile, once TMA has read it.
// That hand-back sits under an `if` (not on the first tile), so `empty`
// states its count: count(8), one elected thread per consumer warp.
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
// every element within 2^-7 relative of the largest |reference| plus 1 ulp.
//
// gemm_bf16() (below the kernel) is the host call that bench/gemm.cu times
// against cuBLAS; define GEMM_BF16_NO_MAIN to include this file there.
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_bf16"
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

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
  // producer one K-tile into the next tile, by when TMA has read it. Widths
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

// One K-tile of this warpgroup's R x 64 x WN block: for each 16-wide step
// along K (32 bytes further in each swizzled row), R wgmmas, one per 64 rows
// of the A slot, against the warpgroup's WN rows of the B slot.
template <class T>
__device__ __forceinline__ void mma_ktile(float (&acc)[T::R][T::WN / 2], const bf16* a, const bf16* b,
                                          bool accumulate) {
  tirx_wgmma_fence();
#pragma tirx unroll
  for (int kk = 0; kk < BK / 16; ++kk)
#pragma unroll
    for (int r = 0; r < T::R; ++r)
      wgmma_bf16<T::WN>(acc[r], tirx_wgmma_desc_sw128(a + r * 64 * BK + kk * 16),
                        tirx_wgmma_desc_sw128(b + kk * 16), accumulate || kk > 0);
  tirx_wgmma_commit();
}

// A 64 x WN accumulator (WN = 128 or 256) into C at (row0, col0) in pieces
// of 64 x 128, the first staged in `own` (when not null: once TMA has read
// what the previous tile stored from it) and the other in `slot` (16 KiB of
// the ring slot, free). Each piece is two 64 x 64 boxes in TMA's 128-byte
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
    if (h == 0 && own) {
      if (t == 0) tirx_tma_store_wait_read<0>();
      tirx_warpgroup_sync(barrier);  // the previous tile's store has read the buffer
    }
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
    tirx_warpgroup_sync(barrier);
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
      tirx_warpgroup_sync(barrier);  // the store that last read buf is done with it
    }
#pragma unroll
    for (int j = 0; j < T::WN / 8; ++j)
#pragma unroll
      for (int hh = 0; hh < 2; ++hh)
        *reinterpret_cast<__nv_bfloat162*>(buf + (r + 8 * hh) * T::WN + 8 * j + c) =
            __floats2bfloat162_rn(acc[i][4 * j + 2 * hh], acc[i][4 * j + 2 * hh + 1]);
    tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
    tirx_warpgroup_sync(barrier);
    if (t == 0) {
      tirx_tma_store_2d(mapC, row0 + 64 * i, col0, buf);
      tirx_tma_store_commit();
    }
  }
}

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
#pragma tirx event empty[STAGES] ready count(8)  // one elected thread per consumer warp
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    int it = 0;  // K-tiles issued so far: the ring position
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    for (int kt = 0; kt < ktiles; ++kt, ++it) {
      const int s = it % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], T::kStageBytes);  // by thread 0, which issues the copies
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(As + s * BM * BK, &mapA, tile / tiles_n * BM, kt * BK, &full[s]);
        tirx_tma_load_2d(Bs + s * BN * BK, &mapB, tile % tiles_n * BN, kt * BK, &full[s]);
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
enum GemmTile { kTileAuto = -1, kTile128x256, kTile256x152, kTile192x160, kTile128x128, kTileShapes };

// The tile shape for m x n on `sms` multiprocessors: the one with the least
// work per multiprocessor counting the last wave as full (waves x tile area),
// so that a shape whose tiles fill the waves beats a larger-tiled one that
// leaves the last wave half empty. 128 x 128 tiles bring more bytes per
// multiply-add than the others, so their work counts kSmallTileCost times
// (measured: bench/RESULTS.md); they win where the larger tiles leave SMs
// idle. Ties and near-ties (within 2%) go to 128 x 256, the widest and the one
// measured at cuBLAS speed on square shapes.
constexpr double kSmallTileCost = 1.1;
static GemmTile pick_tile(int M, int N, int sms) {
  const int bm[kTileShapes] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM, Tile128x128::BM};
  const int bn[kTileShapes] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN, Tile128x128::BN};
  double cost[kTileShapes];
  for (int i = 0; i < kTileShapes; ++i) {
    const long long tiles = (long long)((M + bm[i] - 1) / bm[i]) * ((N + bn[i] - 1) / bn[i]);
    cost[i] = (double)((tiles + sms - 1) / sms) * bm[i] * bn[i] * (i == kTile128x128 ? kSmallTileCost : 1.0);
  }
  int best = 0;
  for (int i = 1; i < kTileShapes; ++i)
    if (cost[i] < cost[best] * (best == 0 ? 0.98 : 1.0)) best = i;
  return (GemmTile)best;
}

// Tensor maps for A and B with the tile's boxes (and C's staged boxes), then
// one block per SM (or per tile, when there are fewer) with the shared-memory
// limit raised, not waited for (`#pragma tirx launch`, SPEC 5).
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
  if (M < 1 || N < 8 || K < 8 || N % 8 != 0 || K % 8 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  if (tile == kTileAuto) {
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    tile = pick_tile(M, N, sms);
  }
  switch (tile) {
    case kTile256x152: return launch_gemm<Tile256x152>(A, B, C, M, N, K, stream);
    case kTile192x160: return launch_gemm<Tile192x160>(A, B, C, M, N, K, stream);
    case kTile128x128: return launch_gemm<Tile128x128>(A, B, C, M, N, K, stream);
    default: return launch_gemm<Tile128x256>(A, B, C, M, N, K, stream);
  }
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

  // The shape gemm_bf16() picks, then each of the four forced, each into a
  // freshly poisoned C.
  DeviceArray<bf16> dA(hA), dB(hB), dC((size_t)M * N, kGuard);
  const GemmTile tiles[5] = {kTileAuto, kTile128x256, kTile256x152, kTile192x160, kTile128x128};
  const char* names[5] = {"C (tile picked)", "C (tile 128x256)", "C (tile 256x152)", "C (tile 192x160)",
                          "C (tile 128x128)"};
  bool ok = true;
  for (int v = 0; v < 5 && ok; ++v) {
    dC.fill(0xFF);  // poison: NaN
    CUDA_CHECK(gemm_bf16_tile(dA, dB, dC, M, N, K, tiles[v]));
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<bf16> got = dC.download();
    double err2 = 0, ref2 = 0;
    for (size_t i = 0; i < want.size(); ++i) {
      const double g = __bfloat162float(got[i]), w = want[i];
      err2 += (g - w) * (g - w), ref2 += w * w;
      if (ok && !(fabs(g - w) <= tol + fabs(w) / 256)) ok = fail(names[v], i, g, w);
    }
    if (ok) ok = check_guard(names[v], got.data() + want.size(), dC.guard(), dC.poison());
    const double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
    if (ok && !(rel < 1e-2)) ok = fail(names[v], 0, rel * 1e6, 1e4);
  }
  // The checksum is of the reference rounded to bf16, so that it does not
  // depend on the order of the GPU's additions.
  std::vector<bf16> rounded(want.size());
  for (size_t i = 0; i < want.size(); ++i) rounded[i] = __float2bfloat16_rn((float)want[i]);
  printf(EXAMPLE ": m=%d n=%d k=%d c=%016llx\n", M, N, K, checksum(rounded));
  return finish();
}
#endif

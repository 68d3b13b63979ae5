// gemm_bf16_cluster.cu - the Hopper GEMM of gemm_bf16.cu in clusters of two
// blocks that share their B tile through TMA multicast (docs/clusters.md):
// C = A * B^T in bf16 with fp32 accumulation, warp-specialized on TMA and
// wgmma (sm_90a).
// tirx-pp: required
//
//   gemm_bf16_cluster [m [n [k]]]   as gemm_bf16: A is m x k, B is n x k, C is
//                                   m x n, all row-major bf16; n and k are
//                                   rounded up to multiples of 8. Default
//                                   1000 1500 1064; with m alone, n = min(m,
//                                   600) + 5 and k = min(m, 300) + 7
//
// The kernel is gemm_bf16's (a template over its three tile shapes: 128 x
// 256, 256 x 152 and 192 x 160; one producer and two consumer warpgroups
// around a ring of K-tiles), launched in clusters of 2 x 1 blocks
// (`#pragma tirx launch grid(persistent) cluster(2)`). The two blocks of a
// cluster take the two tiles of one column of C in neighbouring tile rows,
// 2p and 2p + 1: they need the same BN x 64 K-tile of B. Each block's
// producer copies its own BM x 64 K-tile of A, and its part of the B K-tile
// multicast into the same slot of both blocks, so B is read from L2 once per
// cluster instead of once per block. The parts are whole 1024-byte swizzle
// atoms (8 rows of 128 bytes), so that each lands on an atom boundary of the
// slot as the 128-byte swizzle wants: rank 0 copies the first BN / 2 rows
// rounded up to a multiple of 8 and rank 1 the rest, 128 + 128 rows for BN =
// 256, 80 + 80 for 160, and 80 + 72 for 152 (two maps of B, one box size
// each; 76 + 76 would put rank 1's part in the middle of an atom). All three
// shapes pair tile rows: pairing tile columns and multicasting A instead
// would suit 256 x 152 too (128-row halves), but its ragged case, 3000 x
// 5000, has 12 tile rows and 33 tile columns: 396 tiles, 3 full waves of
// 132, which 34 columns of pairs would make 408, 4 waves. Each block
// announces the bytes that land in its slot on its own `full`
// (tirx_trigger_bytes); `full` is a cluster event, so that its barriers are
// initialized and published before the other block copies into them. A slot
// of `empty` is free only once the consumers of both blocks are done with it
// (the other block's producer writes into it too): `empty` is a cluster event
// whose consumers' triggers release the slot in both blocks, tirx-pp counting
// 8 warps x 2 blocks. The shapes other than 128 x 256 stage C in the slot of
// the tile's last K-tile, as gemm_bf16 does, and release it after the TMA
// stores read it: the other block's producer waits for that release too. The
// cluster walks pairs of tile rows, persistent, in groups of 8 tile rows (4
// pairs) as gemm_bf16 does; a block whose tile row is past m computes zeros
// that TMA's store clips away. Every block leaves through a cluster barrier
// (tirx-pp puts it at the end of the events' scope), so that none exits while
// the other still copies into it. The host picks the shape with gemm_bf16's
// rule on the clusters' tiles (pick_tile); gemm_bf16_cluster_tile() forces
// one.
//
// The CPU reference and tolerances are gemm_bf16's; main checks the picked
// shape and each of the three forced. gemm_bf16_cluster()
// (below the kernel) is the host call that bench/gemm_cluster.cu times
// against gemm_bf16 and cuBLAS; everything but main is in namespace
// gemm_cluster, so that both examples go into one program. Define
// GEMM_BF16_CLUSTER_NO_MAIN to include this file there.
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_bf16_cluster"
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;

// In a namespace, so that bench/gemm_cluster.cu takes this file and
// gemm_bf16.cu into one program (qualified calls: bf16 arguments would find
// gemm_bf16.cu's helpers of the same names too).
namespace gemm_cluster {
constexpr int BK = 64;         // K-tile: 64 bf16 = one 128-byte swizzle row
constexpr int kClusterM = 2;   // blocks per cluster, along M
constexpr int kGroupRows = 8;  // tile rows per L2 group (a multiple of kClusterM)

// A tile shape, as gemm_bf16.cu's TileShape: the two consumer warpgroups each
// compute R blocks of 64 rows by WN columns of the BM x BN tile of C, stacked
// along M (BM = 128 R, BN = WN) or side by side along N (BM = 64 R, BN = 2 WN).
// The two blocks of a cluster share the BN x 64 K-tile of B and split it in
// two parts of whole 1024-byte swizzle atoms (8 rows of 128 bytes), so that
// each part lands on an atom boundary of the slot: rank 0 copies the first
// kBPart0 rows (BN / 2 rounded up to a multiple of 8), rank 1 the other
// kBPart1: 128 + 128 for BN = 256, 80 + 80 for 160, 80 + 72 for 152.
template <int R_, int WN_, bool SIDE_BY_SIDE, int STAGES_, int CBUF_>
struct TileShape {
  static constexpr int R = R_, WN = WN_, STAGES = STAGES_, CBUF = CBUF_;
  static constexpr bool kSideBySide = SIDE_BY_SIDE;
  static constexpr int BM = kSideBySide ? 64 * R : 128 * R, BN = kSideBySide ? 2 * WN : WN;
  static constexpr int kStageBytes = (BM + BN) * BK * 2;  // what lands in a block's slot per K-tile
  static constexpr int kBPart0 = (BN / 2 + 7) / 8 * 8, kBPart1 = BN - kBPart0;  // rows of B each rank copies
  static_assert(kBPart0 % 8 == 0 && kBPart1 % 8 == 0 && kBPart1 > 0 && kBPart0 <= 256,
                "each block's part of B must be whole swizzle atoms, at most a TMA box (256 rows)");
  // C as gemm_bf16.cu stages it: 64 x 256 blocks as 64 x 128 halves in the
  // 128-byte swizzle, in 16 KiB of their own per consumer; other widths as
  // whole 64 x WN blocks, unswizzled, in CBUF buffers per consumer in the ring
  // slot of the tile's last K-tile (consumer 1 in its A part, consumer 2 in its
  // B part). That slot is free until this block's consumers release it: the
  // other block's producer waits for them too (`empty` is a cluster event).
  static constexpr bool kSwizzledStore = WN == 256;
  static constexpr int kStagingBytes = kSwizzledStore ? 2 * 64 * 128 * 2 : 0;
  static_assert(kSwizzledStore || (CBUF * 64 * WN <= BM * BK && CBUF * 64 * WN <= BN * BK),
                "the C staging does not fit in a ring slot");
  static constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024
  static_assert(kSmemBytes <= 227 * 1024, "more shared memory than an sm_90 block has");
};
using Tile128x256 = TileShape<1, 256, false, 4, 1>;  // square and large shapes
using Tile256x152 = TileShape<2, 152, false, 4, 1>;  // e.g. 3000 x 5000: 12 x 33 tiles, 3 waves of 132
using Tile192x160 = TileShape<3, 80, true, 5, 2>;    // e.g. 8000 x 7992: 42 x 50 tiles, 16 waves of 132

// One wgmma m64nWNk16 (WN = 256, 152 or 80).
template <int WN>
__device__ __forceinline__ void wgmma_bf16(float (&d)[WN / 2], uint64_t desc_a, uint64_t desc_b, bool accumulate) {
  static_assert(WN == 256 || WN == 152 || WN == 80, "no wgmma helper for this width");
  if constexpr (WN == 256) tirx_wgmma_m64n256k16_bf16(d, desc_a, desc_b, accumulate);
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
      gemm_cluster::wgmma_bf16<T::WN>(acc[r], tirx_wgmma_desc_sw128(a + r * 64 * BK + kk * 16),
                                      tirx_wgmma_desc_sw128(b + kk * 16), accumulate || kk > 0);
  tirx_wgmma_commit();
}

// The warpgroup's 64 x 256 accumulator into C at (row0, col0), through its
// 16 KiB staging buffer in two halves of 64 x 128: each half as two 64 x 64
// boxes in TMA's 128-byte swizzle (row r's 16-byte chunk q lands at chunk
// q ^ r % 8: the 8 rows one store instruction touches hit 8 different bank
// groups), then stored by thread 0 with TMA, which clips at C's edges. The
// store runs on while the warpgroup goes on to its next tile; the staging
// buffer is reused only after TMA has read it (wait_group.read).
__device__ __forceinline__ void store_tile(const CUtensorMap* mapC, int row0, int col0, const float (&acc)[128],
                                           bf16* stage, int t, int barrier) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    if (t == 0) tirx_tma_store_wait_read<0>();
    tirx_warpgroup_sync(barrier);  // the previous store has read the buffer
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

// The warpgroup's R blocks of 64 x WN into C at (row0, col0), as gemm_bf16.cu's
// store_blocks_tma: each into the next of its CBUF staging buffers once TMA
// has read what that buffer held before, then stored by thread 0 with TMA,
// which clips at C's edges; returns when TMA has read them all (the staging is
// a ring slot, handed back next).
template <class T>
__device__ __forceinline__ void store_blocks(const CUtensorMap* mapC, int row0, int col0,
                                             const float (&acc)[T::R][T::WN / 2], bf16* stage, int t, int barrier) {
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
  if (t == 0) tirx_tma_store_wait_read<0>();
  tirx_warpgroup_sync(barrier);
}

// mapB0 and mapB1: B with boxes of the two ranks' parts (kBPart0, kBPart1 rows).
template <class T>
__global__ void gemm_bf16_cluster_kernel(const __grid_constant__ CUtensorMap mapA,
                                         const __grid_constant__ CUtensorMap mapB0,
                                         const __grid_constant__ CUtensorMap mapB1,
                                         const __grid_constant__ CUtensorMap mapC, int M, int N, int K) {
  constexpr int BM = T::BM, BN = T::BN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B
  // slots. The same offsets in both blocks: multicast writes at the offset
  // of its destination address in each block.
  bf16* ring = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* As = ring;
  bf16* Bs = ring + STAGES * BM * BK;
  bf16* staging = Bs + STAGES * BN * BK;  // kStagingBytes / 2 for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, ktiles = (K + BK - 1) / BK;
  const int pairs = ((M + BM - 1) / BM + kClusterM - 1) / kClusterM * tiles_n;  // a cluster's tiles
  const int rank = (int)tirx_cluster_rank();  // 0 or 1: which tile row of the pair, which part of B
  const int cluster = blockIdx.x / kClusterM, clusters = gridDim.x / kClusterM;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES] cluster, empty[STAGES] ready cluster
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    const CUtensorMap* mapB = rank == 0 ? &mapB0 : &mapB1;
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(mapB);
    const int b_part = rank * T::kBPart0;  // the first row of this rank's part of the B tile
    int it = 0;  // K-tiles issued so far: the ring position
    for (int pos = cluster; pos < pairs; pos += clusters) {
      const int pair = tirx_tile_grouped(pos, pairs, tiles_n, kGroupRows / kClusterM);
      const int row0 = (pair / tiles_n * kClusterM + rank) * BM, col0 = pair % tiles_n * BN;
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);  // free in both blocks
        tirx_trigger_bytes(full[s], T::kStageBytes);  // A, and both parts of B, land here
        if (threadIdx.x == 0) {
          tirx_tma_load_2d(As + s * BM * BK, &mapA, row0, kt * BK, &full[s]);
          tirx_tma_load_2d_multicast(Bs + (s * BN + b_part) * BK, mapB, col0 + b_part, kt * BK, &full[s],
                                     (uint16_t)((1u << kClusterM) - 1));
        }
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes the first R x 64 x WN block of the tile, warpgroup 2 the second
    const int half = wg - 1, t = threadIdx.x % 128;
    const int a_row = T::kSideBySide ? 0 : half * 64 * T::R, b_row = T::kSideBySide ? half * T::WN : 0;
    int it = 0;  // K-tiles consumed so far: follows the producer
    for (int pos = cluster; pos < pairs; pos += clusters) {
      const int pair = tirx_tile_grouped(pos, pairs, tiles_n, kGroupRows / kClusterM);
      const int row0 = (pair / tiles_n * kClusterM + rank) * BM + a_row, col0 = pair % tiles_n * BN + b_row;
      float acc[T::R][T::WN / 2];
      int s = it % STAGES;
      tirx_wait(full[s]);
      gemm_cluster::mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, false);
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        gemm_cluster::mma_ktile<T>(acc, As + (s * BM + a_row) * BK, Bs + (s * BN + b_row) * BK, true);
        tirx_wgmma_wait<1>();  // the previous K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[prev]);  // in both blocks
      }
      tirx_wgmma_wait<0>();
      it += ktiles;
#pragma unroll
      for (int i = 0; i < T::R; ++i) tirx_wgmma_fence_operand(acc[i]);
      if constexpr (!T::kSwizzledStore) {
        // Both consumers are done reading slot s: it is the staging now. Named
        // barrier 3 for the 256 consumer threads (1 and 2 are the warpgroups'
        // own, passed to the epilogue as 1 + half), as in gemm_bf16.cu.
        tirx_bar_sync(3, 256);
        gemm_cluster::store_blocks<T>(&mapC, row0, col0, acc, half == 0 ? As + s * BM * BK : Bs + s * BN * BK, t,
                                      1 + half);
      }
      // Slot s, in both blocks: after the epilogue when it staged C there,
      // before it when C has staging of its own (one trigger outside the ifs:
      // tirx-pp counts the arrivals of triggers that are not under one).
#pragma tirx elect
      tirx_trigger(empty[s]);
      if constexpr (T::kSwizzledStore)
        gemm_cluster::store_tile(&mapC, row0, col0, acc[0], staging + half * 64 * 128, t, 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
enum GemmTile { kTileAuto = -1, kTile128x256, kTile256x152, kTile192x160 };

// The tile shape for m x n on `sms` multiprocessors: gemm_bf16.cu's rule (the
// least work per multiprocessor counting the last wave as full, waves x tile
// area; ties and near-ties within 2% go to 128 x 256) on what the clusters
// compute: the tile rows rounded up to pairs (a block past m computes a tile
// that is thrown away), waves of `sms` rounded down to whole clusters.
static GemmTile pick_tile(int M, int N, int sms) {
  const int bm[3] = {Tile128x256::BM, Tile256x152::BM, Tile192x160::BM};
  const int bn[3] = {Tile128x256::BN, Tile256x152::BN, Tile192x160::BN};
  const int slots = sms / kClusterM * kClusterM > 0 ? sms / kClusterM * kClusterM : kClusterM;
  double cost[3];
  for (int i = 0; i < 3; ++i) {
    const long long rows = ((M + bm[i] - 1) / bm[i] + kClusterM - 1) / kClusterM * kClusterM;
    const long long tiles = rows * ((N + bn[i] - 1) / bn[i]);
    cost[i] = (double)((tiles + slots - 1) / slots) * bm[i] * bn[i];
  }
  int best = 0;
  for (int i = 1; i < 3; ++i)
    if (cost[i] < cost[best] * (best == 0 ? 0.98 : 1.0)) best = i;
  return (GemmTile)best;
}

// Tensor maps for A (the tile's rows), B (twice: boxes of each rank's part)
// and C (the staged boxes), then whole clusters of two blocks, as many as can
// be resident (`grid(persistent) cluster(2)`), not waited for.
template <class T>
static cudaError_t launch_gemm(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, cudaStream_t stream) {
  CUtensorMap mapA, mapB0, mapB1, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, type, A, M, K, (uint64_t)K * 2, T::BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB0, type, B, N, K, (uint64_t)K * 2, T::kBPart0, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB1, type, B, N, K, (uint64_t)K * 2, T::kBPart1, BK, sw);
  if (r == CUDA_SUCCESS)  // C's boxes: what a consumer stages (store_tile, store_blocks)
    r = T::kSwizzledStore ? tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, 64, sw)
                          : tirx_tensor_map_2d(&mapC, type, C, M, N, (uint64_t)N * 2, 64, T::WN,
                                               CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  // The work, in blocks: two per pair of tile rows and column of C.
  const int blocks = ((M + T::BM - 1) / T::BM + kClusterM - 1) / kClusterM * ((N + T::BN - 1) / T::BN) * kClusterM;
  cudaError_t err;
#pragma tirx launch grid(persistent) cluster(2) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_bf16_cluster_kernel<T><<<blocks, 384>>>(mapA, mapB0, mapB1, mapC, M, N, K);
  return err;
}

// C = A * B^T on `stream` with the given tile shape (kTileAuto: pick_tile's),
// in clusters of two blocks. n and k must be multiples of 8 and the matrices
// 16-byte aligned (TMA). Returns the first error (cudaErrorNotSupported: the
// driver has no TMA).
static cudaError_t gemm_bf16_cluster_tile(const bf16* A, const bf16* B, bf16* C, int M, int N, int K, GemmTile tile,
                                          cudaStream_t stream = 0) {
  if (M < 1 || N < 8 || K < 8 || N % 8 != 0 || K % 8 != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  if (tile == kTileAuto) {
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    tile = gemm_cluster::pick_tile(M, N, sms);
  }
  switch (tile) {
    case kTile256x152: return gemm_cluster::launch_gemm<Tile256x152>(A, B, C, M, N, K, stream);
    case kTile192x160: return gemm_cluster::launch_gemm<Tile192x160>(A, B, C, M, N, K, stream);
    default: return gemm_cluster::launch_gemm<Tile128x256>(A, B, C, M, N, K, stream);
  }
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
  skip_without_sm90();  // wgmma, setmaxnreg and multicast are sm_90a only
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

  // The shape gemm_bf16_cluster() picks, then each of the three forced, each
  // into a freshly poisoned C.
  using namespace gemm_cluster;
  DeviceArray<bf16> dA(hA), dB(hB), dC((size_t)M * N, kGuard);
  const GemmTile tiles[4] = {kTileAuto, kTile128x256, kTile256x152, kTile192x160};
  const char* names[4] = {"C (tile picked)", "C (tile 128x256)", "C (tile 256x152)", "C (tile 192x160)"};
  bool ok = true;
  for (int v = 0; v < 4 && ok; ++v) {
    dC.fill(0xFF);  // poison: NaN
    CUDA_CHECK(gemm_bf16_cluster_tile(dA, dB, dC, M, N, K, tiles[v]));
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

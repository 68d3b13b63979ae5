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
// gemm_fp8.cu's kernel with two changes. The tile of C is 128 x 128 (one B
// scale per K-tile), so that each consumer warpgroup holds its 64 x 128 fp32
// accumulator and a second 64 x 128 for the K-tile (64 + 64 registers per
// thread): four wgmma m64n128k32 into the second, wgmma.wait_group 0, the slot
// handed back, and the K-tile's partial sums, times their row's A scale and
// the tile's B scale, added into the first with fp32 FMAs. So the tensor
// cores' 13-bit accumulator (see gemm_fp8.cu) adds at most 128 products, and
// the fp32 accumulation is as cuBLASLt's default (promoted) mode. The
// consumers read the scales from global memory (L2) at the top of each
// K-tile, before they wait for its slot. The other warpgroup's wgmmas keep the
// tensor cores busy while one promotes.
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

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
typedef __nv_fp8_e4m3 fp8;
constexpr int BM = 128, BK = 128;  // tile rows; K-tile (128 e4m3 = one 128-byte swizzle row) = scale block
constexpr int kGroupRows = 8;      // tile rows per L2 group

// A tile shape: BM x BN tiles of C, a ring of STAGES K-tiles, and whether the
// consumers load the next K-tile's scales one K-tile ahead (PREFETCH) or at
// the top of the K-tile that uses them (the first version of this kernel,
// kept to be timed against). Each consumer warpgroup holds 64 x BN: BN / 2
// fp32 registers per thread of accumulator and as many of K-tile partial sums
// (twice as many with OVERLAP: the next K-tile's wgmmas are issued into the
// second set before the first is promoted, so that the warpgroup's own
// wgmmas run while it promotes).
// BN = 256 (HALVES) keeps the accumulator (128 registers) but one 64 x 128
// set of partial sums: each K-tile's wgmmas run as two halves of 128
// columns, each promoted (with its own B scale block) before the next.
// BN a multiple of 64 goes out through 64 x 64 boxes in the 128-byte swizzle
// (256: in two pieces of 128 columns through one 64 x 128 buffer), other
// widths as one unswizzled 64 x BN box.
template <int BN_, int STAGES_, bool PREFETCH_, bool OVERLAP_ = false>
struct BlockShape {
  static constexpr int BN = BN_, STAGES = STAGES_, kAcc = BN_ / 2;
  static constexpr bool kPrefetch = PREFETCH_, kOverlap = OVERLAP_, kSwizzledStore = BN_ % 64 == 0;
  static constexpr bool kHalves = BN_ == 256;
  static constexpr int kPart = kHalves ? 64 : kAcc;                 // partial-sum registers per thread
  static constexpr int kPieceN = kHalves ? 128 : BN;                // columns staged at a time
  static constexpr int kStageBytes = (BM + BN) * BK;               // what TMA brings per K-tile (1 byte per element)
  static constexpr int kStagingBytes = 2 * 64 * kPieceN * 2;       // C staging (bf16), for both consumers
  static constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024
  static_assert(kSmemBytes <= 227 * 1024, "more shared memory than an sm_90 block has");
  // A tile's columns start at a multiple of gcd(BN, 128) past a scale block
  // of B: they must span at most two of them (two B scales per K-tile).
  static constexpr int kGcd128 = BN % 128 == 0 ? 128 : BN % 64 == 0 ? 64 : BN % 32 == 0 ? 32 : BN % 16 == 0 ? 16 : 8;
  static_assert(BN % 8 == 0 && 128 - kGcd128 + BN <= 256, "a tile would span more than two B scale blocks");
};
using Shape128 = BlockShape<128, 6, true>;
using Shape160 = BlockShape<160, 5, true>;  // e.g. 4096 x 7168: 45 tile columns, 11 waves of 132 (128: 14)
using Shape192 = BlockShape<192, 4, true>;  // e.g. 8192^3: 21 waves of 132 (128: 32)
using Shape128Late = BlockShape<128, 4, false>;  // the first version: scales loaded where used
using Shape128Overlap = BlockShape<128, 6, true, true>;
using Shape256 = BlockShape<256, 4, true>;  // the per-tensor kernel's tile (gemm_fp8.cu), in two halves

// fp8 wgmma widths tirx/wgmma.h does not have.
// wgmma.mma_async m64n160k32 e4m3 x e4m3 -> f32 (as tirx_wgmma_m64n128k32_e4m3, 80
// floats per thread).
__device__ __forceinline__ void wgmma_m64n160k32_e4m3(float (&d)[80], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %82, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n160k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79"
      "}, %80, %81, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n192k32 e4m3 x e4m3 -> f32 (as tirx_wgmma_m64n128k32_e4m3, 96
// floats per thread).
__device__ __forceinline__ void wgmma_m64n192k32_e4m3(float (&d)[96], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %98, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n192k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
      "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95"
      "}, %96, %97, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
        "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
        "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}


// One wgmma m64nNk32 e4m3 (N = BN: 128, 160 or 192).
template <int N>
__device__ __forceinline__ void wgmma_e4m3(float (&d)[N / 2], uint64_t desc_a, uint64_t desc_b, int scale_d) {
  static_assert(N == 128 || N == 160 || N == 192, "no wgmma helper for this width");
  if constexpr (N == 128) tirx_wgmma_m64n128k32_e4m3(d, desc_a, desc_b, scale_d);
  else if constexpr (N == 160) wgmma_m64n160k32_e4m3(d, desc_a, desc_b, scale_d);
  else wgmma_m64n192k32_e4m3(d, desc_a, desc_b, scale_d);
}

// Four wgmma m64nNk32 over one K-tile into `part` (which starts from zero):
// this warpgroup's 64 rows of the A slot times the B slot, each step 32
// columns (32 bytes) further along K.
template <int N>
__device__ __forceinline__ void mma_ktile(float (&part)[N / 2], const fp8* a, const fp8* b) {
  tirx_wgmma_fence();
#pragma tirx unroll
  for (int kk = 0; kk < BK / 32; ++kk)
    wgmma_e4m3<N>(part, tirx_wgmma_desc_sw128(a + kk * 32), tirx_wgmma_desc_sw128(b + kk * 32), kk > 0);
  tirx_wgmma_commit();
}

// One K-tile's scales for this thread: A's for its two rows, B's for the
// tile's (at most) two column blocks.
struct KtileScales {
  float a0, a1, b0, b1;
};
__device__ __forceinline__ KtileScales load_scales(const float* sa0, const float* sa1, const float* sb0,
                                                   const float* sb1, int kt, int M) {
  return {sa0[(size_t)kt * M], sa1[(size_t)kt * M], sb0[kt], sb1[kt]};
}

// Where this thread's scales of the tile at (row0, col0) are: A's for its
// rows r and r + 8 of the 64 at row0 (rows past M, zeros from TMA clipped at
// the store, read row M - 1's), B's for the tile's column blocks (nb0 for the
// first `split` columns, then nb1; past N the last block, whose columns TMA
// clips).
struct TileScaleRefs {
  const float *sa0, *sa1, *sb0, *sb1;
  int split;
};
template <int BN>
__device__ __forceinline__ TileScaleRefs tile_scales(const float* scale_a, const float* scale_b, int row0, int col0,
                                                     int r, int M, int N, int kb_count) {
  const int ra = row0 + r < M ? row0 + r : M - 1, rb = row0 + r + 8 < M ? row0 + r + 8 : M - 1;
  const int nb0 = col0 / 128, nb1 = min((col0 + BN - 1) / 128, (N - 1) / 128);
  return {scale_a + ra, scale_a + rb, scale_b + (size_t)nb0 * kb_count, scale_b + (size_t)nb1 * kb_count,
          (nb0 + 1) * 128 - col0};
}
__device__ __forceinline__ KtileScales load_scales(const TileScaleRefs& ts, int kt, int M) {
  return load_scales(ts.sa0, ts.sa1, ts.sb0, ts.sb1, kt, M);
}

// acc += part times its scales: element j is in row r + 8 * ((j / 2) % 2)
// (A scale a0 or a1) and in the tile's columns 8 * (j / 4) ... + 7, which lie
// in B's first scale block while below `split` (B scale b0), else in the
// second (b1). With BN dividing 128 every tile is in one block.
template <int N>
__device__ __forceinline__ void promote(float (&acc)[N / 2], const float (&part)[N / 2], KtileScales s, int split) {
  const float s00 = s.a0 * s.b0, s10 = s.a1 * s.b0, s01 = s.a0 * s.b1, s11 = s.a1 * s.b1;
#pragma unroll
  for (int j = 0; j < N / 2; ++j) {
    const bool first = 128 % N == 0 || j / 4 * 8 < split;
    acc[j] = fmaf(part[j], first ? (j & 2 ? s10 : s00) : (j & 2 ? s11 : s01), acc[j]);
  }
}

// acc[OFF ...] += part times its scales (s0 for row r, s1 for row r + 8): a
// 64 x 128 half of a 64 x 256 accumulator, in one B scale block.
template <int OFF>
__device__ __forceinline__ void promote_half(float (&acc)[128], const float (&part)[64], float s0, float s1) {
#pragma unroll
  for (int j = 0; j < 64; ++j) acc[OFF + j] = fmaf(part[j], j & 2 ? s1 : s0, acc[OFF + j]);
}

// The warpgroup's 64 x BN accumulator into C at (row0, col0), through its
// staging buffer (64 x kPieceN, once TMA has read what it held before),
// stored by thread 0 with TMA, which clips at C's edges: for BN a multiple of
// 64 as 64 x 64 boxes in TMA's 128-byte swizzle (row r's 16-byte chunk q at
// chunk q ^ r % 8: the 8 rows a store instruction touches hit 8 bank
// groups), else as one unswizzled 64 x BN box.
template <class T>
__device__ __forceinline__ void store_tile(const CUtensorMap* mapC, int row0, int col0, const float (&acc)[T::kAcc],
                                           bf16* stage, int t, int barrier) {
  constexpr int PN = T::kPieceN;
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int piece = 0; piece < T::BN / PN; ++piece) {
    if (t == 0) tirx_tma_store_wait_read<0>();
    tirx_warpgroup_sync(barrier);  // the previous store has read the buffer
#pragma unroll
    for (int jj = 0; jj < PN / 8; ++jj)
#pragma unroll
      for (int hh = 0; hh < 2; ++hh) {
        const int row = r + 8 * hh, j = 4 * (piece * PN / 8 + jj) + 2 * hh;
        const __nv_bfloat162 v = __floats2bfloat162_rn(acc[j], acc[j + 1]);
        if constexpr (T::kSwizzledStore) {
          char* box = reinterpret_cast<char*>(stage) + jj / 8 * 8192;
          *reinterpret_cast<__nv_bfloat162*>(box + row * 128 + ((jj % 8) ^ (row % 8)) * 16 + c * 2) = v;
        } else {
          *reinterpret_cast<__nv_bfloat162*>(stage + row * PN + 8 * jj + c) = v;
        }
      }
    tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
    tirx_warpgroup_sync(barrier);
    if (t == 0) {
      if constexpr (T::kSwizzledStore) {
#pragma unroll
        for (int b = 0; b < PN / 64; ++b)
          tirx_tma_store_2d(mapC, row0, col0 + piece * PN + 64 * b, stage + b * 64 * 64);
      } else {
        tirx_tma_store_2d(mapC, row0, col0, stage);
      }
      tirx_tma_store_commit();
    }
  }
}

template <class T>
__global__ void gemm_fp8_blockwise_kernel(const __grid_constant__ CUtensorMap mapA,
                                          const __grid_constant__ CUtensorMap mapB,
                                          const __grid_constant__ CUtensorMap mapC, const float* __restrict__ scale_a,
                                          const float* __restrict__ scale_b, int M, int N, int K) {
  constexpr int BN = T::BN, STAGES = T::STAGES;
  extern __shared__ unsigned char smem[];
  // The ring, 1024-byte aligned for the 128-byte swizzle: A slots, then B slots.
  fp8* ring = reinterpret_cast<fp8*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  fp8* As = ring;
  fp8* Bs = ring + STAGES * BM * BK;
  bf16* staging = reinterpret_cast<bf16*>(Bs + STAGES * BN * BK);  // 64 x kPieceN for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, tiles = (M + BM - 1) / BM * tiles_n, ktiles = (K + BK - 1) / BK;
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
      if (threadIdx.x == 0) {
        tirx_tma_load_2d(As + s * BM * BK, &mapA, tile / tiles_n * BM, kt * BK, &full[s]);
        tirx_tma_load_2d(Bs + s * BN * BK, &mapB, tile % tiles_n * BN, kt * BK, &full[s]);
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes rows 0-63 of the tile, warpgroup 2 rows 64-127
    const int half = wg - 1, t = threadIdx.x % 128;
    const int r = t / 32 * 16 + t % 32 / 4;  // this thread's rows of the 64: r and r + 8
    const int kb_count = ktiles, nb_last = (N - 1) / 128;
    int it = 0;                              // K-tiles consumed so far: follows the producer
#pragma tirx persistent(tile: tiles) order(grouped(tiles_n, kGroupRows))
    {
      const int row0 = tile / tiles_n * BM + half * 64, col0 = tile % tiles_n * BN;
      // Rows past M (zeros from TMA, clipped at the store) read row M - 1's scales.
      const int ra = row0 + r < M ? row0 + r : M - 1, rb = row0 + r + 8 < M ? row0 + r + 8 : M - 1;
      // B's scale blocks of the tile's columns: nb0 for the first `split`
      // columns, then nb1 (past N: the last block, whose columns TMA clips).
      const int nb0 = col0 / 128, nb1 = min((col0 + BN - 1) / 128, nb_last), split = (nb0 + 1) * 128 - col0;
      const float *sa0 = scale_a + ra, *sa1 = scale_a + rb;
      const float *sb0 = scale_b + (size_t)nb0 * kb_count, *sb1 = scale_b + (size_t)nb1 * kb_count;
      float acc[T::kAcc];
#pragma unroll
      for (int j = 0; j < T::kAcc; ++j) acc[j] = 0.0f;
#pragma tirx uniform  // a compile-time branch: every consumer thread takes it alike
      if constexpr (T::kOverlap) {
        // Two sets of partial sums: K-tile kt's wgmmas run into part0 (kt
        // even) or part1 while the other set, K-tile kt - 1's, is promoted.
        float part0[T::kAcc], part1[T::kAcc];
        KtileScales cur = load_scales(sa0, sa1, sb0, sb1, 0, M), nxt = {};
        tirx_wait(full[it % STAGES]);
        mma_ktile<BN>(part0, As + it % STAGES * BM * BK + half * 64 * BK, Bs + it % STAGES * BN * BK);
        // Every way out of the loop passes a wait for all wgmmas (ptxas
        // serializes the wgmmas where one might still run at the exit).
        for (int kt = 0;; kt += 2) {
          const int s0 = (it + kt) % STAGES, s1 = (it + kt + 1) % STAGES, s2 = (it + kt + 2) % STAGES;
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
          if (kt + 1 < ktiles) {
            nxt = load_scales(sa0, sa1, sb0, sb1, kt + 1, M);
            tirx_wait(full[s1]);
            mma_ktile<BN>(part1, As + s1 * BM * BK + half * 64 * BK, Bs + s1 * BN * BK);
            tirx_wgmma_wait<1>();  // K-tile kt's wgmmas are done with their slot
#pragma tirx elect
            tirx_trigger(empty[s0]);
            tirx_wgmma_fence_operand(part0);
            promote<BN>(acc, part0, cur, split);
          } else {
            tirx_wgmma_wait<0>();
#pragma tirx elect
            tirx_trigger(empty[s0]);
            tirx_wgmma_fence_operand(part0);
            promote<BN>(acc, part0, cur, split);
            break;
          }
#pragma tirx uniform  // every consumer thread takes the same branch: the trigger counts as usual
          if (kt + 2 < ktiles) {
            cur = load_scales(sa0, sa1, sb0, sb1, kt + 2, M);
            tirx_wait(full[s2]);
            mma_ktile<BN>(part0, As + s2 * BM * BK + half * 64 * BK, Bs + s2 * BN * BK);
            tirx_wgmma_wait<1>();  // K-tile kt + 1's wgmmas are done with their slot
#pragma tirx elect
            tirx_trigger(empty[s1]);
            tirx_wgmma_fence_operand(part1);
            promote<BN>(acc, part1, nxt, split);
          } else {
            tirx_wgmma_wait<0>();
#pragma tirx elect
            tirx_trigger(empty[s1]);
            tirx_wgmma_fence_operand(part1);
            promote<BN>(acc, part1, nxt, split);
            break;
          }
        }
      } else {
        // With kPrefetch the next K-tile's scales are loaded while this one's
        // wgmmas run, so that their latency (L2) is off the path.
        KtileScales next = {};
        if constexpr (T::kPrefetch) next = load_scales(sa0, sa1, sb0, sb1, 0, M);
        for (int kt = 0; kt < ktiles; ++kt) {
          const int s = (it + kt) % STAGES;
          KtileScales cur = next;
          if constexpr (T::kPrefetch) {
            if (kt + 1 < ktiles) next = load_scales(sa0, sa1, sb0, sb1, kt + 1, M);
          } else {
            cur = load_scales(sa0, sa1, sb0, sb1, kt, M);
          }
          float part[T::kPart];
          tirx_wait(full[s]);
          if constexpr (T::kHalves) {  // columns 0-127 (B scale block nb0), then 128-255 (nb1)
            mma_ktile<128>(part, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK);
            tirx_wgmma_wait<0>();
            tirx_wgmma_fence_operand(part);
            promote_half<0>(acc, part, cur.a0 * cur.b0, cur.a1 * cur.b0);
            mma_ktile<128>(part, As + s * BM * BK + half * 64 * BK, Bs + (s * BN + 128) * BK);
          } else {
            mma_ktile<BN>(part, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK);
          }
          tirx_wgmma_wait<0>();  // this K-tile's wgmmas are done with their slot
#pragma tirx elect
          tirx_trigger(empty[s]);
          tirx_wgmma_fence_operand(part);
          if constexpr (T::kHalves) promote_half<64>(acc, part, cur.a0 * cur.b1, cur.a1 * cur.b1);
          else promote<BN>(acc, part, cur, split);
        }
      }
      it += ktiles;
      store_tile<T>(&mapC, row0, col0, acc, staging + half * 64 * T::kPieceN, t, 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}


// The same in clusters of CM blocks (1 or 2) that share B's K-tiles through
// TMA multicast (docs/clusters.md), as gemm_bf16_cluster.cu pairs its tiles
// one above the other: the blocks of a cluster take tile rows CM p ... CM p +
// CM - 1 of one tile column, and each copies its part of the BN x 128 K-tile
// of B (BN / CM rows: whole 1024-byte swizzle atoms) into the same slot of
// every block, and its own K-tile of A into its own. `full` and `empty` are
// cluster events: a slot is free only once the consumers of every block are
// done with it (a cluster of one counts its own block only). kPrefetch
// shapes only, without the overlap.
template <class T, int CM>
__global__ void gemm_fp8_blockwise_cluster_kernel(const __grid_constant__ CUtensorMap mapA,
                                                  const __grid_constant__ CUtensorMap mapB,
                                                  const __grid_constant__ CUtensorMap mapC,
                                                  const float* __restrict__ scale_a,
                                                  const float* __restrict__ scale_b, int M, int N, int K) {
  constexpr int BN = T::BN, STAGES = T::STAGES, kPartB = BN / CM;
  static_assert(T::kPrefetch && !T::kOverlap, "cluster: prefetching shapes, without the overlap");
  static_assert((CM == 1 || CM == 2) && kPartB % 8 == 0, "clusters of 1 or 2, B's parts whole swizzle atoms");
  extern __shared__ unsigned char smem[];
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
      float acc[T::kAcc];
#pragma unroll
      for (int j = 0; j < T::kAcc; ++j) acc[j] = 0.0f;
      KtileScales next = load_scales(ts, 0, M);
      for (int kt = 0; kt < ktiles; ++kt) {
        const int s = (it + kt) % STAGES;
        const KtileScales cur = next;
        if (kt + 1 < ktiles) next = load_scales(ts, kt + 1, M);
        float part[T::kPart];
        tirx_wait(full[s]);
        if constexpr (T::kHalves) {  // columns 0-127 (B scale block nb0), then 128-255 (nb1)
          mma_ktile<128>(part, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK);
          tirx_wgmma_wait<0>();
          tirx_wgmma_fence_operand(part);
          promote_half<0>(acc, part, cur.a0 * cur.b0, cur.a1 * cur.b0);
          mma_ktile<128>(part, As + s * BM * BK + half * 64 * BK, Bs + (s * BN + 128) * BK);
        } else {
          mma_ktile<BN>(part, As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK);
        }
        tirx_wgmma_wait<0>();  // this K-tile's wgmmas are done with their slot
#pragma tirx elect
        tirx_trigger(empty[s]);  // in every block
        tirx_wgmma_fence_operand(part);
        if constexpr (T::kHalves) promote_half<64>(acc, part, cur.a0 * cur.b1, cur.a1 * cur.b1);
        else promote<BN>(acc, part, cur, ts.split);
      }
      it += ktiles;
      store_tile<T>(&mapC, row0, col0, acc, staging + half * 64 * T::kPieceN, t, 1 + half);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code: not for NVRTC
enum BlockTile {
  kBlockAuto = -1, kBlock128, kBlock160, kBlock192, kBlock128Late, kBlock128Overlap, kBlock256,
  kBlock160Pair, kBlock192Pair, kBlock256Pair, kBlock192One, kBlock256One, kBlockShapes
};

// The tile width for m x n on `sms` multiprocessors: the least waves x (BN +
// kTileOverhead), the last wave counted as full; kTileOverhead (columns'
// worth of time) stands for what every tile costs besides its wgmmas (the
// promotions, the epilogue), which favours wider tiles on a tie.
constexpr int kTileOverhead = 32;
static BlockTile pick_block_tile(int M, int N, int sms) {
  const int bn[4] = {Shape128::BN, Shape160::BN, Shape192::BN, Shape256::BN};
  const BlockTile shape[4] = {kBlock128, kBlock160, kBlock192, kBlock256};
  BlockTile best = kBlock128;
  long long best_cost = -1;
  for (int i = 0; i < 4; ++i) {
    const long long tiles = (long long)((M + BM - 1) / BM) * ((N + bn[i] - 1) / bn[i]);
    const long long cost = (tiles + sms - 1) / sms * (bn[i] + kTileOverhead);
    if (best_cost < 0 || cost < best_cost) best = shape[i], best_cost = cost;
  }
  return best;
}

// Tensor maps for A, B (bytes) and C (bf16, the staged boxes), then one block
// per SM (or per tile, when there are fewer), not waited for.
template <class T>
static cudaError_t launch_blockwise(const fp8* A, const fp8* B, bf16* C, const float* scale_a, const float* scale_b,
                                    int M, int N, int K, cudaStream_t stream) {
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType in = CU_TENSOR_MAP_DATA_TYPE_UINT8, out = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, in, A, M, K, (uint64_t)K, BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, in, B, N, K, (uint64_t)K, T::BN, BK, sw);
  if (r == CUDA_SUCCESS)
    r = T::kSwizzledStore ? tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, 64, sw)
                          : tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, T::BN,
                                               CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int tiles = (M + BM - 1) / BM * ((N + T::BN - 1) / T::BN);
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
  gemm_fp8_blockwise_kernel<T><<<tiles, 384>>>(mapA, mapB, mapC, scale_a, scale_b, M, N, K);
  return err;
}

// The same through gemm_fp8_blockwise_cluster_kernel in clusters of CM
// blocks: B's map has boxes of BN / CM rows; whole clusters, as many as fit.
template <class T, int CM>
static cudaError_t launch_blockwise_clusters(const fp8* A, const fp8* B, bf16* C, const float* scale_a,
                                             const float* scale_b, int M, int N, int K, cudaStream_t stream) {
  CUtensorMap mapA, mapB, mapC;
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const CUtensorMapDataType in = CU_TENSOR_MAP_DATA_TYPE_UINT8, out = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult r = tirx_tensor_map_2d(&mapA, in, A, M, K, (uint64_t)K, BM, BK, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_2d(&mapB, in, B, N, K, (uint64_t)K, T::BN / CM, BK, sw);
  if (r == CUDA_SUCCESS)
    r = T::kSwizzledStore ? tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, 64, sw)
                          : tirx_tensor_map_2d(&mapC, out, C, M, N, (uint64_t)N * 2, 64, T::BN,
                                               CU_TENSOR_MAP_SWIZZLE_NONE);
  if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  const int blocks = ((M + BM - 1) / BM + CM - 1) / CM * ((N + T::BN - 1) / T::BN) * CM;  // CM per unit
  cudaError_t err;
  if constexpr (CM == 1) {
#pragma tirx launch grid(persistent) smem(T::kSmemBytes) stream(stream) async status(err)
    gemm_fp8_blockwise_cluster_kernel<T, 1><<<blocks, 384>>>(mapA, mapB, mapC, scale_a, scale_b, M, N, K);
  } else {
#pragma tirx launch grid(persistent) cluster(2) smem(T::kSmemBytes) stream(stream) async status(err)
    gemm_fp8_blockwise_cluster_kernel<T, 2><<<blocks, 384>>>(mapA, mapB, mapC, scale_a, scale_b, M, N, K);
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
    case kBlock160: return launch_blockwise<Shape160>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock192: return launch_blockwise<Shape192>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock128Late: return launch_blockwise<Shape128Late>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock128Overlap: return launch_blockwise<Shape128Overlap>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock256: return launch_blockwise<Shape256>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock160Pair: return launch_blockwise_clusters<Shape160, 2>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock192Pair: return launch_blockwise_clusters<Shape192, 2>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock256Pair: return launch_blockwise_clusters<Shape256, 2>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock192One: return launch_blockwise_clusters<Shape192, 1>(A, B, C, scale_a, scale_b, M, N, K, stream);
    case kBlock256One: return launch_blockwise_clusters<Shape256, 1>(A, B, C, scale_a, scale_b, M, N, K, stream);
    default: return launch_blockwise<Shape128>(A, B, C, scale_a, scale_b, M, N, K, stream);
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
  const BlockTile tiles[kBlockShapes + 1] = {kBlockAuto,    kBlock128,        kBlock160,    kBlock192,
                                             kBlock128Late, kBlock128Overlap, kBlock256,    kBlock160Pair,
                                             kBlock192Pair, kBlock256Pair,    kBlock192One, kBlock256One};
  const char* names[kBlockShapes + 1] = {"C (tile picked)",  "C (tile 128x128)",
                                         "C (tile 128x160)", "C (tile 128x192)",
                                         "C (tile 128x128, scales loaded late)",
                                         "C (tile 128x128, wgmmas overlapping the promotion)",
                                         "C (tile 128x256, in halves)",
                                         "C (tile 128x160, clusters of 2)",
                                         "C (tile 128x192, clusters of 2)",
                                         "C (tile 128x256, clusters of 2)",
                                         "C (tile 128x192, cluster kernel alone)",
                                         "C (tile 128x256, cluster kernel alone)"};
  for (int v = 0; v <= kBlockShapes && !fail_reason[0]; ++v) {
    dC.fill(0xFF);  // poison: NaN
    CUDA_CHECK(gemm_fp8_blockwise_tile(dA, dB, dC, dSa, dSb, M, N, K, tiles[v]));
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<bf16> got = dC.download();
    double err2 = 0, ref2 = 0;
    bool ok = true;
    for (size_t i = 0; i < want.size(); ++i) {
      const double g = __bfloat162float(got[i]), w = want[i];
      err2 += (g - w) * (g - w), ref2 += w * w;
      if (ok && !(fabs(g - w) <= tol + fabs(w) / 256)) ok = fail(names[v], i, g, w);
    }
    if (ok) check_guard(names[v], got.data() + want.size(), dC.guard(), dC.poison());
    const double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
    if (ok && !(rel < 1e-2)) fail("C (relative Frobenius error x 1e6)", v, rel * 1e6, 1e4);
  }
  // The checksum is of the reference rounded to bf16, so that it does not
  // depend on the order of the GPU's additions.
  std::vector<bf16> rounded(want.size());
  for (size_t i = 0; i < want.size(); ++i) rounded[i] = __float2bfloat16_rn((float)want[i]);
  printf(EXAMPLE ": m=%d n=%d k=%d c=%016llx\n", M, N, K, checksum(rounded));
  return finish();
}
#endif

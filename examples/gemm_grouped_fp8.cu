// gemm_grouped_fp8.cu - the grouped GEMM of a mixture of experts in FP8 with
// per-row scales: C_e = diag(sa_e) * (A_e * B_e^T) * diag(sb_e), A and B in
// e4m3, fp32 accumulation, C in bf16, every expert in one persistent launch (sm_90a).
// tirx-pp: required
//
//   gemm_grouped_fp8 [experts [n [k]]]   experts (default 9; more than 256 run
//                                        as 256), n rounded up to a multiple of
//                                        8 and k of 16 (default 264 and 208)
//
// The layouts are gemm_grouped.cu's (contiguous: A [sum M_e, K] with E + 1
// int32 offsets; masked: A [E, Mmax, K] with E counts), B is [E, N, K], and
// the scales are fp32: scale_a one per row of A (per token), scale_b one per
// row of B ([E, N]: per expert and output column), what torch's
// _scaled_grouped_mm calls row-wise scaling. The kernel is gemm_fp8.cu's
// (128 x 256 tiles, 128-byte K-tiles of e4m3, four wgmma m64n256k32 per
// K-tile, fast accumulation: no promotion) walking every expert's tiles as
// gemm_grouped.cu does (tirx_group_tiles_scan, tirx_group_of, B's 3D map, a
// block past its expert's end stored row by row, one wholly past it idle).
// The scales are applied in the epilogue, to the fp32 sums before their
// rounding to bf16.
//
// The CPU reference sums the same e4m3 values in double and scales them; the
// tolerance is gemm_fp8.cu's (2^-7 of the largest |reference| plus 2^-8 of
// each element's own, 1e-2 relative Frobenius error), at K small enough that
// fast accumulation stays inside it.
//
// gemm_grouped_fp8_contiguous() and gemm_grouped_fp8_masked() are the host
// calls that bench/grouped/ times; define GEMM_GROUPED_FP8_NO_MAIN to include
// this file there.
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "gemm_grouped_fp8"
#define EXAMPLE_ARGS "[experts [n [k]]]"
#include "harness.h"
// GroupTile, group_tile, store_rows_masked, the checks (shared with gemm_grouped.cu)
#include "gemm_grouped.cuh"

typedef __nv_bfloat16 bf16;
typedef __nv_fp8_e4m3 fp8;
constexpr int BM = 128, BN = 256, BK = 128;  // tile of C; K-tile (128 e4m3 = one 128-byte swizzle row)
constexpr int STAGES = 4;
constexpr int kGroupRows = 8;                                            // tile rows per L2 group
constexpr int kStageBytes = (BM + BN) * BK;                              // what TMA brings per K-tile
constexpr int kStagingBytes = 2 * 64 * 128 * 2;                          // C staging (bf16), for both consumers
constexpr int kSmemBytes = STAGES * kStageBytes + kStagingBytes + 1024;  // + room to align to 1024

// The per-row scales of one tile: element (row, col) of C times sa[row] and
// sb[col] (the expert's N scales); rows past A's and columns past N are never
// stored, and read as 0 here so that no scale is read out of its array.
struct RowScales {
  const float *sa, *sb;
  int rows, n;
  __device__ __forceinline__ float2 operator()(int row, int col) const {
    const float a = row < rows ? __ldg(sa + row) : 0.f;
    return make_float2(col < n ? a * __ldg(sb + col) : 0.f, col + 1 < n ? a * __ldg(sb + col + 1) : 0.f);
  }
};

// Four wgmma m64n256k32 over one K-tile (gemm_fp8.cu's).
__device__ __forceinline__ void mma_ktile(float (&acc)[128], const fp8* a, const fp8* b, bool accumulate) {
  tirx_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < BK / 32; ++kk)
    tirx_wgmma_m64n256k32_e4m3(acc, tirx_wgmma_desc_sw128(a + kk * 32), tirx_wgmma_desc_sw128(b + kk * 32),
                               accumulate || kk > 0);
  tirx_wgmma_commit();
}

// ---- kernel ------------------------------------------------------------------

// `sizes`, `slot_rows`, `rows` as gemm_grouped.cu's kernel; scale_a: one per
// row of A, scale_b: [E, N].
__global__ void gemm_grouped_fp8_kernel(const __grid_constant__ CUtensorMap mapA,
                                        const __grid_constant__ CUtensorMap mapB,
                                        const __grid_constant__ CUtensorMap mapC, bf16* C, const int* sizes,
                                        int groups, int slot_rows, int rows, int N, int K, const float* scale_a,
                                        const float* scale_b) {
  extern __shared__ unsigned char smem[];
  fp8* ring = reinterpret_cast<fp8*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  fp8* As = ring;
  fp8* Bs = ring + STAGES * BM * BK;
  bf16* staging = reinterpret_cast<bf16*>(Bs + STAGES * BN * BK);  // 64 x 128 for each consumer warpgroup
  const int tiles_n = (N + BN - 1) / BN, ktiles = (K + BK - 1) / BK;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(24)
  {  // producer: A's tile rows (2D, all rows) and the expert's B (3D: [E, N, K])
    if (threadIdx.x == 0) tirx_tma_prefetch_map(&mapA), tirx_tma_prefetch_map(&mapB);
    int it = 0;
#pragma tirx persistent(e, tile: groups(sizes, groups, offsets(slot_rows == 0), rows(BM), \
                                         cols((N + BN - 1) / BN), max(kMaxGroups)))     \
    order(grouped(tiles_n, kGroupRows))
    {
      const GroupTile at = group_tile<BM, BN>(e, tile, sizes, slot_rows, rows, tiles_n);
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        tirx_trigger_bytes(full[s], kStageBytes);
        if (threadIdx.x == 0) {
          tirx_tma_load_2d(As + s * BM * BK, &mapA, at.row, kt * BK, &full[s]);
          tirx_tma_load_3d(Bs + s * BN * BK, &mapB, at.group, at.col, kt * BK, &full[s]);
        }
      }
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes rows 0-63 of the tile, warpgroup 2 rows 64-127
    const int half = wg - 1, t = threadIdx.x % 128;
    int it = 0;
#pragma tirx persistent(e, tile: groups(sizes, groups, offsets(slot_rows == 0), rows(BM), \
                                         cols((N + BN - 1) / BN), max(kMaxGroups)))     \
    order(grouped(tiles_n, kGroupRows))
    {
      const GroupTile at = group_tile<BM, BN>(e, tile, sizes, slot_rows, rows, tiles_n);
      const int row0 = at.row + half * 64;
      const bool busy = row0 < at.end;  // false: every row of this block is another expert's
      float acc[1][128];
      int s = it % STAGES;
      tirx_wait(full[s]);
      if (busy) mma_ktile(acc[0], As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK, false);
      for (int kt = 1; kt < ktiles; ++kt) {
        const int prev = s;
        s = (it + kt) % STAGES;
        tirx_wait(full[s]);
        if (busy) mma_ktile(acc[0], As + s * BM * BK + half * 64 * BK, Bs + s * BN * BK, true);
        tirx_wgmma_wait<1>();
#pragma tirx elect
        tirx_trigger(empty[prev]);
      }
      tirx_wgmma_wait<0>();
#pragma tirx elect
      tirx_trigger(empty[s]);
      it += ktiles;
      tirx_wgmma_fence_operand(acc[0]);
      const RowScales scale{scale_a, scale_b + (size_t)at.group * N, rows, N};
      if (row0 + 64 > at.end) {  // rows of another expert in the block: row by row
        if (busy) store_rows_masked<1, 256>(C, N, row0, at.col, at.end, acc, t, scale);
      } else {
        store_tile_scaled<256>(&mapC, row0, at.col, acc[0], scale, staging + half * 64 * 128, t, 1 + half);
      }
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores read shared memory: finish before exit
  }
}

#ifndef __CUDACC_RTC__
// The maps and grid (gemm_grouped.cuh's grouped_maps, grouped_blocks), then the launch.
static cudaError_t launch_grouped_fp8(const fp8* A, const fp8* B, bf16* C, const int* sizes, int groups, int slot_rows,
                                      long long rows, int N, int K, const float* scale_a, const float* scale_b,
                                      cudaStream_t stream) {
  CUtensorMap maps[3];
  cudaError_t e = grouped_maps(maps, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, A, B, C, groups, rows, N, K, BM, BN, BK, 64,
                               CU_TENSOR_MAP_SWIZZLE_128B);
  if (e != cudaSuccess) return e;
  cudaError_t err;
  const int blocks = grouped_blocks(groups, slot_rows, rows, N, BM, BN);
#pragma tirx launch grid(persistent) smem(kSmemBytes) stream(stream) async status(err)
  gemm_grouped_fp8_kernel<<<blocks, 384>>>(maps[0], maps[1], maps[2], C, sizes, groups, slot_rows, (int)rows, N, K,
                                           scale_a, scale_b);
  return err;
}

// Contiguous layout (gemm_grouped_contiguous's), k a multiple of 16; scale_a:
// `rows` floats, scale_b: groups x N (device).
static cudaError_t gemm_grouped_fp8_contiguous(const fp8* A, const fp8* B, bf16* C, const int* offsets, int groups,
                                               long long rows, int N, int K, const float* scale_a,
                                               const float* scale_b, cudaStream_t stream = 0) {
  cudaError_t e = check_grouped(A, B, C, offsets, groups, rows, N, K, 16);
  if (e == cudaSuccess && (!scale_a || !scale_b)) e = cudaErrorInvalidValue;
  if (e != cudaSuccess || rows == 0) return e;
  return launch_grouped_fp8(A, B, C, offsets, groups, 0, rows, N, K, scale_a, scale_b, stream);
}

// Masked layout (gemm_grouped_masked's), k a multiple of 16; scale_a:
// groups x slot_rows floats, scale_b: groups x N (device).
static cudaError_t gemm_grouped_fp8_masked(const fp8* A, const fp8* B, bf16* C, const int* counts, int groups,
                                           int slot_rows, int N, int K, const float* scale_a, const float* scale_b,
                                           cudaStream_t stream = 0) {
  const long long rows = (long long)groups * slot_rows;
  cudaError_t e = check_grouped(A, B, C, counts, groups, rows, N, K, 16);
  if (e == cudaSuccess && (!scale_a || !scale_b || slot_rows < 0)) e = cudaErrorInvalidValue;
  if (e != cudaSuccess || slot_rows == 0) return e;
  return launch_grouped_fp8(A, B, C, counts, groups, slot_rows, rows, N, K, scale_a, scale_b, stream);
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef GEMM_GROUPED_FP8_NO_MAIN

// C from one layout into a poisoned C, against the CPU's double sums of the
// same e4m3 values times the scales (gemm_grouped.cuh's checks, with
// gemm_fp8.cu's bounds: 2^-7 of the largest |reference| plus 2^-8 of each
// element's own, 1e-2 relative Frobenius error; rows no expert owns untouched).
static bool check_layout(bool masked, const std::vector<int>& rows_of, int N, int K, const std::vector<float>& fB,
                         const std::vector<float>& sb, const DeviceArray<fp8>& dB, const DeviceArray<float>& dSb) {
  const int E = (int)rows_of.size();
  const GroupedCase c = grouped_case(rows_of, masked);
  std::vector<fp8> hA((size_t)std::max(c.rows, 1LL) * K);
  std::vector<float> fA(hA.size()), sa((size_t)std::max(c.rows, 1LL));
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = (float)(hA[i] = fp8(4.0f * lcg_float()));
  for (size_t i = 0; i < sa.size(); ++i) sa[i] = 0.125f + 0.0078125f * (float)lcg_int(0, 64);  // exact in float
  std::vector<double> want;
  const auto scale = [&](size_t r, int e, int n, int) { return (double)sa[r] * sb[(size_t)e * N + n]; };
  const double tol = grouped_reference(c, rows_of, fA, fB, N, K, scale, want) / 128;
  DeviceArray<fp8> dA(hA);
  DeviceArray<float> dSa(sa);
  DeviceArray<bf16> dC((size_t)std::max(c.rows, 1LL) * N, kGuard);
  DeviceArray<int> dSizes(c.sizes);
  dC.fill(0xFF);
  CUDA_CHECK(masked ? gemm_grouped_fp8_masked(dA, dB, dC, dSizes, E, c.slot, N, K, dSa, dSb)
                    : gemm_grouped_fp8_contiguous(dA, dB, dC, dSizes, E, c.rows, N, K, dSa, dSb));
  CUDA_CHECK(cudaDeviceSynchronize());
  return check_gemm_output(masked ? "masked" : "contiguous", dC.download(), want, tol, dC.guard(), dC.poison());
}

int main(int argc, char** argv) {
  skip_without_sm90();
  const int E = std::min(parse_size(argc, argv, 1, 9, 1 << 15), kMaxGroups);
  int N = parse_size(argc, argv, 2, 264, 1 << 15), K = parse_size(argc, argv, 3, 208, 1 << 15);
  N = (N + 7) / 8 * 8, K = (K + 15) / 16 * 16;
  std::vector<int> rows_of(E);
  for (int e = 0; e < E; ++e) rows_of[e] = expert_rows(e);
  std::vector<fp8> hB((size_t)E * N * K);
  std::vector<float> fB(hB.size()), sb((size_t)E * N);
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = (float)(hB[i] = fp8(4.0f * lcg_float()));
  for (size_t i = 0; i < sb.size(); ++i) sb[i] = 0.25f + 0.015625f * (float)lcg_int(0, 32);
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

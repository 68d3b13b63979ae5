// gemm_grouped.cuh - what examples/gemm_grouped.cu (bf16) and
// gemm_grouped_fp8.cu (e4m3, per-row scales) share: where a tile of the walk
// over every expert lies, and the row-by-row store of a block that reaches
// past its expert's rows. Plain CUDA (no annotations): the kernels, with
// their events and regions, are in the two examples.
#pragma once
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"

constexpr int kMaxGroups = 256;  // the experts one launch takes: the tile table is in shared memory

// Where a tile of the grouped GEMM lies: its expert, its first row in A and
// C (of all rows), its first column, and the end of its expert's rows.
struct GroupTile {
  int group, row, col, end;
};

// Tile t of expert g in the walk over BM x BN tiles (`persistent(e, tile:
// groups(...)) order(grouped(...))` gives both: t is the tile's place in the
// expert's tiles, in gemm_bf16's grouped order). `sizes`: the E + 1 offsets
// (slot_rows == 0: contiguous) or the E counts (slot_rows = Mmax: masked).
// The end is at most `rows` (A's and C's), so that offsets past A's rows
// cannot make a row-by-row store write past C.
template <int BM, int BN>
__device__ __forceinline__ GroupTile group_tile(int g, int t, const int* sizes, int slot_rows, int rows, int tiles_n) {
  const int base = slot_rows ? g * slot_rows : __ldg(sizes + g);
  const int count = slot_rows ? min(__ldg(sizes + g), slot_rows) : __ldg(sizes + g + 1) - base;
  return GroupTile{g, base + t / tiles_n * BM, t % tiles_n * BN, min(base + count, rows)};
}

// No scaling (bf16): the factors of C's elements (row, col) and (row, col + 1).
struct NoScale {
  __device__ __forceinline__ float2 operator()(int, int) const { return make_float2(1.f, 1.f); }
};

// A warpgroup's R blocks of 64 x WN at (row0, col0) of C (ldc = n) straight
// from the accumulators, times scale(row, col), the rows from `end` on and the
// columns from n on left out: a block that reaches into the next expert's
// rows (or past a count). Thread t holds rows t / 32 * 16 + t % 32 / 4 (+ 8)
// of each block, two columns at t % 4 * 2 of every 8 (wgmma's accumulator
// layout).
template <int R, int WN, class Scale>
__device__ __forceinline__ void store_rows_masked(__nv_bfloat16* C, int n, int row0, int col0, int end,
                                                  const float (&acc)[R][WN / 2], int t, Scale scale) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int i = 0; i < R; ++i)
#pragma unroll
    for (int hh = 0; hh < 2; ++hh) {
      const int row = row0 + 64 * i + r + 8 * hh;
      if (row >= end) continue;
      __nv_bfloat16* out = C + (size_t)row * n;
#pragma unroll
      for (int j = 0; j < WN / 8; ++j) {
        const int col = col0 + 8 * j + c;
        if (col >= n) continue;
        const float2 f = scale(row, col);
        *reinterpret_cast<__nv_bfloat162*>(out + col) =
            __floats2bfloat162_rn(acc[i][4 * j + 2 * hh] * f.x, acc[i][4 * j + 2 * hh + 1] * f.y);
      }
    }
}

// Piece h (columns 128 h .. 128 h + 127) of a warpgroup's 64 x WN
// accumulator at (row0, col0) of C, times scale(row, col), into `stage` as
// two 64 x 64 boxes in TMA's 128-byte swizzle (row r's 16-byte chunk q lands
// at chunk q ^ r % 8: the 8 rows one store instruction touches hit 8
// different bank groups), what gemm_bf16_tiles.cuh's store_tile_tma writes.
template <int WN, class Scale>
__device__ __forceinline__ void stage_piece(__nv_bfloat16* stage, const float (&acc)[WN / 2], int h, int row0,
                                            int col0, int t, Scale scale) {
  const int r = t / 32 * 16 + t % 32 / 4, c = t % 4 * 2;
#pragma unroll
  for (int jj = 0; jj < 16; ++jj)
#pragma unroll
    for (int hh = 0; hh < 2; ++hh) {
      const int j = 16 * h + jj, row = r + 8 * hh;
      const float2 f = scale(row0 + row, col0 + 8 * j + c);
      char* box = reinterpret_cast<char*>(stage) + jj / 8 * 8192;
      *reinterpret_cast<__nv_bfloat162*>(box + row * 128 + ((jj % 8) ^ (row % 8)) * 16 + c * 2) =
          __floats2bfloat162_rn(acc[4 * j + 2 * hh] * f.x, acc[4 * j + 2 * hh + 1] * f.y);
    }
}

// A warpgroup's 64 x WN block (WN = 128 or 256), times scale(row, col), into
// C at (row0, col0) through its 16 KiB staging buffer, as gemm_fp8.cu's
// store_tile: pieces of 64 x 128 (stage_piece), stored by thread 0 with TMA
// (which clips at C's edges) once TMA has read the buffer's last store.
template <int WN, class Scale>
__device__ __forceinline__ void store_tile_scaled(const CUtensorMap* mapC, int row0, int col0,
                                                  const float (&acc)[WN / 2], Scale scale, __nv_bfloat16* stage, int t,
                                                  int barrier) {
#pragma unroll
  for (int h = 0; h < WN / 128; ++h) {
    if (t == 0) tirx_tma_store_wait_read<0>();
    tirx_bar_sync(barrier, 128);  // the previous store has read the buffer
    stage_piece<WN>(stage, acc, h, row0, col0, t, scale);
    tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
    tirx_bar_sync(barrier, 128);
    if (t == 0) {
      tirx_tma_store_2d(mapC, row0, col0 + 128 * h, stage);
      tirx_tma_store_2d(mapC, row0, col0 + 128 * h + 64, stage + 64 * 64);
      tirx_tma_store_commit();
    }
  }
}

// A 64 x WN accumulator (WN = 128 or 256) into C at (row0, col0) (ldc = n),
// the rows from `end` on and the columns from n on left out, through shared
// memory: each 64 x 128 piece is written as store_tile_tma writes it (the
// first in `own` when not null, the other in `slot`, in the 128-byte
// swizzle), then the warpgroup's 128 threads copy it out in 16-byte chunks,
// whole rows of 256 bytes per 16 threads, instead of 4-byte stores scattered
// over 8 rows.
template <int WN>
__device__ __forceinline__ void store_tile_rows(__nv_bfloat16* C, int n, int row0, int col0, int end,
                                                const float (&acc)[WN / 2], __nv_bfloat16* own, __nv_bfloat16* slot,
                                                int t, int barrier) {
#pragma unroll
  for (int h = 0; h < WN / 128; ++h) {
    __nv_bfloat16* stage = h == 0 && own ? own : slot;
    stage_piece<WN>(stage, acc, h, row0, col0, t, NoScale{});
    tirx_bar_sync(barrier, 128);  // the piece is whole
#pragma unroll
    for (int i = t; i < 64 * 16; i += 128) {
      const int row = i / 16, q = i % 16, grow = row0 + row, gcol = col0 + 128 * h + 8 * q;
      if (grow < end && gcol < n)
        *reinterpret_cast<uint4*>(C + (size_t)grow * n + gcol) = *reinterpret_cast<const uint4*>(
            reinterpret_cast<const char*>(stage) + q / 8 * 8192 + row * 128 + ((q % 8) ^ (row % 8)) * 16);
    }
  }
}

#ifndef __CUDACC_RTC__
// What the grouped examples' host calls check: 1 to kMaxGroups experts, rows
// that an int holds, n a multiple of 8 and k of `k_align` (TMA's 16-byte
// rows), the matrices 16-byte aligned.
static cudaError_t check_grouped(const void* A, const void* B, const void* C, const int* sizes, int groups,
                                 long long rows, int N, int K, int k_align) {
  if (groups < 1 || groups > kMaxGroups || rows < 0 || rows > 0x7fffffff || !sizes) return cudaErrorInvalidValue;
  if (N < 8 || K < k_align || N % 8 != 0 || K % k_align != 0) return cudaErrorInvalidValue;
  if (((uintptr_t)A | (uintptr_t)B | (uintptr_t)C) % 16 != 0) return cudaErrorMisalignedAddress;
  return cudaSuccess;
}

// The grouped kernels' maps (maps[0..2]: A, B, C), each of `bytes`-byte
// elements of type `in` but C's (bf16): A 2D over all `rows` rows in boxes
// of bm x bk, B 3D over [groups, N, K] in boxes of bn x bk (both in the
// 128-byte swizzle), C 2D over all rows in boxes of 64 x c_cols
// (`c_swizzle`). cudaErrorNotSupported: the driver has no TMA.
static cudaError_t grouped_maps(CUtensorMap* maps, CUtensorMapDataType in, int bytes, const void* A, const void* B,
                                void* C, int groups, long long rows, int N, int K, int bm, int bn, int bk, int c_cols,
                                CUtensorMapSwizzle c_swizzle) {
  const CUtensorMapSwizzle sw = CU_TENSOR_MAP_SWIZZLE_128B;
  const uint64_t row_bytes = (uint64_t)K * bytes;
  CUresult r = tirx_tensor_map_2d(&maps[0], in, A, rows, K, row_bytes, bm, bk, sw);
  if (r == CUDA_SUCCESS) r = tirx_tensor_map_3d(&maps[1], in, B, groups, N, K, row_bytes, row_bytes * N, bn, bk, sw);
  if (r == CUDA_SUCCESS)
    r = tirx_tensor_map_2d(&maps[2], CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, C, rows, N, (uint64_t)N * 2, 64, c_cols,
                           c_swizzle);
  if (r == CUDA_SUCCESS) return cudaSuccess;
  return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
}

// The grouped kernels' grid: one block per SM (the launch's grid(persistent)
// caps it), or one per tile when there can be fewer, from a bound on the bm
// x bn tiles of `groups` experts: contiguous (slot_rows == 0), each expert
// one partial tile row at most beyond rows / bm; masked, ceil(slot_rows /
// bm) tile rows each.
static int grouped_blocks(int groups, int slot_rows, long long rows, int N, int bm, int bn) {
  const long long tile_rows = slot_rows ? (long long)groups * ((slot_rows + bm - 1) / bm) : rows / bm + groups;
  const long long tiles = tile_rows * ((N + bn - 1) / bn);
  return (int)(tiles < (1 << 30) ? tiles : 1 << 30);
}
#endif

// ---- the examples' checks (after harness.h) ------------------------------------
#if !defined(__CUDACC_RTC__) && defined(CUDA_CHECK)
#include <algorithm>

#include "gemm_check.h"

// Expert e's token count: empty, one token, and sizes on both sides of the
// tiles' 128, 192 and 256 rows, the rest drawn.
static int expert_rows(int e) {
  const int fixed[8] = {129, 0, 1, 300, 64, 255, 0, 128};
  return e < 8 ? fixed[e] : lcg_int(0, 400);
}

// Where the experts' rows lie in one layout: contiguous (offsets) or masked
// (a slot of the largest count per expert); `sizes` is what the kernel takes.
struct GroupedCase {
  bool masked;
  int slot;
  long long rows;
  std::vector<int> offsets, sizes;
  size_t row(int e, int m) const { return masked ? (size_t)e * slot + m : (size_t)offsets[e] + m; }
};

static GroupedCase grouped_case(const std::vector<int>& rows_of, bool masked) {
  const int E = (int)rows_of.size();
  GroupedCase c{masked, 1, 0, std::vector<int>(E + 1, 0), {}};
  for (int e = 0; e < E; ++e) c.offsets[e + 1] = c.offsets[e] + rows_of[e], c.slot = std::max(c.slot, rows_of[e]);
  c.rows = masked ? (long long)E * c.slot : c.offsets[E];
  c.sizes = masked ? rows_of : c.offsets;
  return c;
}

// want[r * N + n]: expert e's row m of C in double, each 128-wide K-block's
// sum times scale(r, e, n, kb) (fA and fB: A's and B's values, rows of K; r:
// the row of A and C), NaN for a row that no expert owns (masked: past the
// count). Returns the largest |want|.
template <class Scale>
static double grouped_reference(const GroupedCase& c, const std::vector<int>& rows_of, const std::vector<float>& fA,
                                const std::vector<float>& fB, int N, int K, Scale scale, std::vector<double>& want) {
  want.assign((size_t)c.rows * N, NAN);
  double max_ref = 0;
  for (int e = 0; e < (int)rows_of.size(); ++e)
    for (int m = 0; m < rows_of[e]; ++m) {
      const size_t r = c.row(e, m);
      for (int n = 0; n < N; ++n) {
        const float* a = &fA[r * K];
        const float* b = &fB[((size_t)e * N + n) * K];
        double sum = 0;
        for (int kb = 0; kb * 128 < K; ++kb) {
          double part = 0;
          for (int k = kb * 128; k < K && k < kb * 128 + 128; ++k) part += (double)a[k] * b[k];
          sum += part * scale(r, e, n, kb);
        }
        want[r * N + n] = sum;
        max_ref = fmax(max_ref, fabs(sum));
      }
    }
  return max_ref;
}

#endif

// gemm_grouped.cuh - what examples/gemm_grouped.cu (bf16) and
// gemm_grouped_fp8.cu (e4m3, per-row scales) share: where a tile of the walk
// over every expert lies, and the row-by-row store of a block that reaches
// past its expert's rows. Plain CUDA (no annotations): the kernels, with
// their events and regions, are in the two examples.
#pragma once
#include <cuda_bf16.h>

#include "tirx.h"

constexpr int kMaxGroups = 256;  // the experts one launch takes: the tile table is in shared memory

// Where a tile of the grouped GEMM lies: its expert, its first row in A and
// C (of all rows), its first column, and the end of its expert's rows.
struct GroupTile {
  int group, row, col, end;
};

// Tile `tile` of the walk over BM x BN tiles: its expert from the table
// `first` (tirx_group_tiles_scan), then its place in the expert's tiles in
// gemm_bf16's grouped order (`group_rows` tile rows per L2 group). `sizes`:
// the E + 1 offsets (slot_rows == 0: contiguous) or the E counts (slot_rows =
// Mmax: masked). The end is at most `rows` (A's and C's), so that offsets
// past A's rows cannot make a row-by-row store write past C.
template <int BM, int BN>
__device__ __forceinline__ GroupTile locate_tile(int tile, const int* first, const int* sizes, int groups,
                                                 int slot_rows, int rows, int tiles_n, int group_rows) {
  const int g = tirx_group_of(tile, first, groups);
  const int t = tirx_tile_grouped(tile - first[g], first[g + 1] - first[g], tiles_n, group_rows);
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
#endif

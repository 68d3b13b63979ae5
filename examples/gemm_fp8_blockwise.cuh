// gemm_fp8_blockwise.cuh - the device code of DeepGEMM-style blockwise FP8
// (1 x 128 scales of A, 128 x 128 of B) that a kernel over 128-byte K-tiles
// of e4m3 needs beside its ring: a K-tile's wgmmas into partial sums, the
// thread's scales of a K-tile, and the promotion of the partial sums into
// the fp32 accumulator. Plain CUDA (no annotations): the kernels, with their
// events and regions, are examples/gemm_fp8_blockwise.cu (one GEMM) and
// gemm_grouped_fp8_blockwise.cu (one per expert).
//
// Scale layouts: scale_a K-block-major over A's M rows (scale_a[kb * M +
// row]), scale_b one per 128 x 128 block of B, row-major (scale_b[nb *
// kb_count + kb]).
#pragma once
#include <cuda_fp8.h>

#include "tirx/wgmma.h"

// Four wgmma m64n128k32 over one 128-byte K-tile into `part` (which starts
// from zero): this warpgroup's 64 rows of the A slot times 128 rows of the B
// slot, each step 32 columns (32 bytes) further along K (written out: the
// code is then what `#pragma tirx unroll` made of the loop in
// gemm_fp8_blockwise.cu, instruction for instruction).
__device__ __forceinline__ void mma_ktile(float (&part)[64], const __nv_fp8_e4m3* a, const __nv_fp8_e4m3* b) {
  tirx_wgmma_fence();
  tirx_wgmma_m64n128k32_e4m3(part, tirx_wgmma_desc_sw128(a), tirx_wgmma_desc_sw128(b), false);
  tirx_wgmma_m64n128k32_e4m3(part, tirx_wgmma_desc_sw128(a + 32), tirx_wgmma_desc_sw128(b + 32), true);
  tirx_wgmma_m64n128k32_e4m3(part, tirx_wgmma_desc_sw128(a + 64), tirx_wgmma_desc_sw128(b + 64), true);
  tirx_wgmma_m64n128k32_e4m3(part, tirx_wgmma_desc_sw128(a + 96), tirx_wgmma_desc_sw128(b + 96), true);
  tirx_wgmma_commit();
}

// One K-tile's scales for this thread: A's for its two rows, B's for the
// tile's (at most) two 128-column blocks.
struct KtileScales {
  float a0, a1, b0, b1;
};

// Where this thread's scales of the tile at (row0, col0) are: A's for its
// rows r and r + 8 of the 64 at row0 (rows past M, zeros from TMA clipped at
// the store, read row M - 1's), B's for the tile's column blocks (nb0, then
// nb1 for the second 128 columns; past N the last block, whose columns TMA
// clips).
struct TileScaleRefs {
  const float *sa0, *sa1, *sb0, *sb1;
};
template <int BN>
__device__ __forceinline__ TileScaleRefs tile_scales(const float* scale_a, const float* scale_b, int row0, int col0,
                                                     int r, int M, int N, int kb_count) {
  const int ra = row0 + r < M ? row0 + r : M - 1, rb = row0 + r + 8 < M ? row0 + r + 8 : M - 1;
  const int nb0 = col0 / 128, nb1 = min((col0 + BN - 1) / 128, (N - 1) / 128);
  return {scale_a + ra, scale_a + rb, scale_b + (size_t)nb0 * kb_count, scale_b + (size_t)nb1 * kb_count};
}
__device__ __forceinline__ KtileScales load_scales(const TileScaleRefs& ts, int kt, int M) {
  return {ts.sa0[(size_t)kt * M], ts.sa1[(size_t)kt * M], ts.sb0[kt], ts.sb1[kt]};
}

// acc[OFF ...] += part times its scales: element j is in row r + 8 * ((j /
// 2) % 2) (the accumulator layout, tirx/wgmma.h), so its scale is s0 (row r)
// or s1 (row r + 8); 64 x 128 of C, in one B scale block (DeepGEMM's
// promotion: the tensor cores' 13-bit accumulator adds at most one K-tile).
template <int OFF, int N>
__device__ __forceinline__ void promote(float (&acc)[N], const float (&part)[64], float s0, float s1) {
#pragma unroll
  for (int j = 0; j < 64; ++j) acc[OFF + j] = fmaf(part[j], j & 2 ? s1 : s0, acc[OFF + j]);
}

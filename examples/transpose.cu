// transpose.cu - seed 001 "for Loops": transpose with a loop nest over a 4 x 4
// tile per thread (`#pragma tirx grid`, docs/language.md#loops).
//
//   transpose [n [m]]   general and tiled kernels on an n x m matrix (default 4096 x n+3)
//
// `transpose` is the seed kernel: a 64 x 64 matrix, 16 blocks of 16 threads,
// each thread moves the 4 x 4 tile at (blockIdx.x * 4, threadIdx.x * 4).
// `transpose_general` does any n x m matrix with TIRX_GRID(r, 4, c, 4) and
// bounds checks; it is large enough to benchmark, but slow: its writes are
// 4-byte stores 4 elements apart, so every store instruction of a warp touches
// 32 output rows.
// `transpose_tiled` and `transpose_tiled32` are the fast forms, through a tile
// in shared memory so that both the reads and the writes are whole rows of
// 128-byte lines: a 64 x 64 tile moved with 16-byte loads and stores
// (TIRX_VECTORIZE), and the classic 32 x 32 tile with 4-byte accesses, 8 rows
// per thread. bench/membw.cu times both against cudaMemcpy.
//
// `#pragma tirx grid(r: 4, c: 4)` declares r and c, which nvcc alone cannot do
// (it ignores the pragma). So the pragma kernel is compiled only when tirx-pp
// parses the file (__TIRX_PP__) and when its output is compiled with
// -DTIRX_PP_OUTPUT (tests/gpu/run_examples.sh does); a plain nvcc build runs
// `transpose_macro` instead, the same kernel spelled with TIRX_GRID, which
// tirx.h turns into the same loop nest. Both print the same line.
#include "tirx.h"

#define EXAMPLE "transpose"
#define EXAMPLE_ARGS "[n [m]]"  // for the usage line
#include "harness.h"  // the host side that every example shares; HAVE_PRAGMA_KERNELS

// ---- kernels -----------------------------------------------------------------

#if HAVE_PRAGMA_KERNELS
__global__ void transpose(const float* A, float* B) {
  int row0 = blockIdx.x * 4;
  int col0 = threadIdx.x * 4;
#pragma tirx grid(r: 4, c: 4)
  B[(col0 + c) * 64 + row0 + r] = A[(row0 + r) * 64 + col0 + c];
}
#endif

__global__ void transpose_macro(const float* A, float* B) {
  int row0 = blockIdx.x * 4;
  int col0 = threadIdx.x * 4;
  TIRX_GRID(r, 4, c, 4)
  B[(col0 + c) * 64 + row0 + r] = A[(row0 + r) * 64 + col0 + c];
}

// A is n x m, B is m x n; a 16 x 16 block of threads covers 64 x 64 elements.
__global__ void transpose_general(const float* A, float* B, int n, int m) {
  int row0 = (blockIdx.y * 16 + threadIdx.y) * 4;
  int col0 = (blockIdx.x * 16 + threadIdx.x) * 4;
  TIRX_GRID(r, 4, c, 4)
  if (row0 + r < n && col0 + c < m)
    B[(size_t)(col0 + c) * n + row0 + r] = A[(size_t)(row0 + r) * m + col0 + c];
}

// ---- the fast transposes: a tile in shared memory ------------------------------
//
// What limits a transpose is the memory system, not arithmetic: on the H200 it
// must stream 2 x 1 GiB (2^14 x 2^14 floats) at close to cudaMemcpy's rate. So
// every global access of a warp covers whole 32-byte sectors of few 128-byte
// lines (a row of the tile is 256 or 128 contiguous bytes in A and in B), each
// thread has several independent loads in flight before it first uses one, and
// the shared-memory tile in between is free of bank conflicts.

// 64 x 64 floats per block of 16 x 16 threads (16 KiB of shared memory).
//
// Phase 1: thread (tx, ty) loads the 16-byte chunk tx of tile rows ty, ty+16,
// ty+32, ty+48: four LDG.128 in flight, a half-warp reads 256 contiguous bytes
// of a row of A. Phase 2: it reads rows 4tx..4tx+3 of the tile at chunk ty (four
// LDS.128), a 4 x 4 block that it transposes in registers, and writes output
// rows 4ty..4ty+3 at chunk tx (four STG.128; a half-warp writes 256 contiguous
// bytes of a row of B, two whole lines).
//
// Banks: a 16-byte access is served a quarter-warp (8 lanes, 128 bytes) at a
// time, conflict-free when the 8 lanes hit the 8 different 16-byte bank
// groups. Phase 1 stores 8 consecutive chunks of one row: always distinct.
// Phase 2 reads rows 4tx+i of 8 consecutive tx at one chunk ty: rows 4 apart,
// so with a plain (or padded) row of 64 floats all 8 lanes would hit one or two
// bank groups (4- to 8-way conflicts). The tile is therefore swizzled: chunk c
// of row r is stored at chunk c ^ ((r / 4) % 8). Phase 1's 8 lanes still hit 8
// distinct groups (one row, XOR is a permutation of chunks 0-7 or 8-15), and
// phase 2's lanes hit chunk ty ^ (tx % 8), 8 distinct groups: every access is 4
// wavefronts per warp, the minimum for 512 bytes.
//
// Tiles on the edge of a ragged n x m matrix load zeros past the end and store
// only what is inside; `vectorize` takes the scalar path by itself when a row
// of A or B is not 16-byte aligned (m or n not a multiple of 4).
#define TILE 64
__global__ void __launch_bounds__(256) transpose_tiled(const float* __restrict__ A,
                                                       float* __restrict__ B, int n, int m) {
  __shared__ alignas(16) float tile[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;  // of the tile in A
  const bool full = row0 + TILE <= n && col0 + TILE <= m;         // block-uniform
  alignas(16) float x[4][4];  // x[p]: chunk tx of tile row ty + 16p
  if (full) {
    TIRX_GRID_UNROLL(p, 4) {
      const float* a = A + (size_t)(row0 + ty + 16 * p) * m + col0 + 4 * tx;
      TIRX_VECTORIZE for (int v = 0; v < 4; ++v) x[p][v] = a[v];
    }
  } else {
    TIRX_GRID_UNROLL(p, 4, v, 4) {
      const int r = row0 + ty + 16 * p, c = col0 + 4 * tx + v;
      x[p][v] = r < n && c < m ? A[(size_t)r * m + c] : 0.f;
    }
  }
  TIRX_GRID_UNROLL(p, 4) {
    const int r = ty + 16 * p;
    TIRX_VECTORIZE for (int v = 0; v < 4; ++v) tile[r][4 * (tx ^ ((r >> 2) & 7)) + v] = x[p][v];
  }
  __syncthreads();
  alignas(16) float y[4][4], z[4][4];  // y[i]: chunk ty of tile row 4tx + i
  TIRX_GRID_UNROLL(i, 4) {
    TIRX_VECTORIZE for (int v = 0; v < 4; ++v) y[i][v] = tile[4 * tx + i][4 * (ty ^ (tx & 7)) + v];
  }
  TIRX_GRID_UNROLL(i, 4, j, 4) z[j][i] = y[i][j];  // z[j]: output row 4ty + j, chunk tx
  if (full) {
    TIRX_GRID_UNROLL(j, 4) {
      float* b = B + (size_t)(col0 + 4 * ty + j) * n + row0 + 4 * tx;
      TIRX_VECTORIZE for (int v = 0; v < 4; ++v) b[v] = z[j][v];
    }
  } else {
    TIRX_GRID_UNROLL(j, 4, v, 4) {
      const int r = col0 + 4 * ty + j, c = row0 + 4 * tx + v;  // in B, which is m x n
      if (r < m && c < n) B[(size_t)r * n + c] = z[j][v];
    }
  }
}

// The classic form: 32 x 32 floats per block of 32 x 4 threads, 4-byte
// accesses, 8 rows per thread (8 loads in flight). A warp reads and writes one
// 128-byte row. Banks: phase 1 stores tile[ty + 4k][tx], 32 consecutive words;
// phase 2 reads tile[tx][ty + 4k], a column, whose 32 words are 33 apart with
// the padding column, so in 32 different banks. Conflict-free both ways.
#define TILE32 32
__global__ void __launch_bounds__(128) transpose_tiled32(const float* __restrict__ A,
                                                         float* __restrict__ B, int n, int m) {
  __shared__ float tile[TILE32][TILE32 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE32, col0 = blockIdx.x * TILE32;
  const bool full = row0 + TILE32 <= n && col0 + TILE32 <= m;
  float x[8];
  if (full) {
    TIRX_UNROLL for (int k = 0; k < 8; ++k) x[k] = A[(size_t)(row0 + ty + 4 * k) * m + col0 + tx];
  } else {
    TIRX_UNROLL for (int k = 0; k < 8; ++k) {
      const int r = row0 + ty + 4 * k, c = col0 + tx;
      x[k] = r < n && c < m ? A[(size_t)r * m + c] : 0.f;
    }
  }
  TIRX_UNROLL for (int k = 0; k < 8; ++k) tile[ty + 4 * k][tx] = x[k];
  __syncthreads();
  float y[8];  // y[k]: output row ty + 4k, column tx
  TIRX_UNROLL for (int k = 0; k < 8; ++k) y[k] = tile[tx][ty + 4 * k];
  if (full) {
    TIRX_UNROLL for (int k = 0; k < 8; ++k) B[(size_t)(col0 + ty + 4 * k) * n + row0 + tx] = y[k];
  } else {
    TIRX_UNROLL for (int k = 0; k < 8; ++k) {
      const int r = col0 + ty + 4 * k, c = row0 + tx;  // in B, which is m x n
      if (r < m && c < n) B[(size_t)r * n + c] = y[k];
    }
  }
}

// ---- CPU reference -------------------------------------------------------------

static void cpu_transpose(const std::vector<float>& A, std::vector<float>& B, int n, int m) {
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < m; ++c) B[(size_t)c * n + r] = A[(size_t)r * m + c];
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 4096, 1 << 14);
  const int m = parse_size(argc, argv, 2, n + 3, 1 << 14);
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx grid kernel is left out\n");

  // The seed kernel: 64 x 64.
  std::vector<float> hA(64 * 64), want(64 * 64);
  for (float& x : hA) x = lcg_float();
  cpu_transpose(hA, want, 64, 64);
  DeviceArray<float> dA(hA), dB(64 * 64, kGuard);
  unsigned long long seed_sum = 0;
  for (int k = HAVE_PRAGMA_KERNELS ? 0 : 1; k < 2; ++k) {
    dB.fill(0xFF);  // poison: NaN
#if HAVE_PRAGMA_KERNELS
    if (k == 0) transpose<<<16, 16>>>(dA, dB);
#endif
    if (k == 1) transpose_macro<<<16, 16>>>(dA, dB);
    LAUNCH_CHECK();
    seed_sum = checksum(check_output(k == 0 ? "transpose" : "transpose_macro", dB, want));
  }

  // The general kernel: n x m.
  const size_t nm = (size_t)n * m;
  std::vector<float> gA(nm), gwant(nm);
  for (float& x : gA) x = lcg_float();
  cpu_transpose(gA, gwant, n, m);
  DeviceArray<float> dgA(gA), dgB(nm, kGuard);
  dgB.fill(0xFF);
  dim3 grid((m + 63) / 64, (n + 63) / 64), block(16, 16);
  transpose_general<<<grid, block>>>(dgA, dgB, n, m);
  LAUNCH_CHECK();
  const auto general_sum = checksum(check_output("transpose_general", dgB, gwant));

  // The tiled kernels: n x m, edge tiles included when n or m is not a
  // multiple of the tile.
  dgB.fill(0xFF);
  transpose_tiled<<<dim3((m + TILE - 1) / TILE, (n + TILE - 1) / TILE), dim3(16, 16)>>>(dgA, dgB,
                                                                                      n, m);
  LAUNCH_CHECK();
  const auto tiled_sum = checksum(check_output("transpose_tiled", dgB, gwant));
  dgB.fill(0xFF);
  transpose_tiled32<<<dim3((m + TILE32 - 1) / TILE32, (n + TILE32 - 1) / TILE32), dim3(32, 4)>>>(
      dgA, dgB, n, m);
  LAUNCH_CHECK();
  const auto tiled32_sum = checksum(check_output("transpose_tiled32", dgB, gwant));

  printf(EXAMPLE ": 64x64=%016llx n=%d m=%d general=%016llx tiled=%016llx tiled32=%016llx\n",
         seed_sum, n, m, general_sum, tiled_sum, tiled32_sum);
  return finish();
}

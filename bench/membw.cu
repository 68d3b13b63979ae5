// membw.cu - the memory-bound seed kernels, annotated, against cudaMemcpy
// device-to-device in the same process. Build the tirx-pp output:
//   tirx-pp bench/membw.cu -o membw.pp.cu && nvcc -O3 -std=c++17 -I headers \
//     -gencode=arch=compute_90a,code=sm_90a membw.pp.cu -o membw && ./membw
// The transposes are the seed form (a 4 x 4 tile per thread, uncoalesced
// writes) and two shared-memory tiles (64 x 64 with 16-byte accesses, 32 x 32
// with 4-byte ones), all on 2^14 x 2^14 floats.
// Each kernel is checked against a CPU reference before it is timed; times are
// the median of 20 event-timed runs after warm-up. Bandwidth counts bytes read
// plus bytes written.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "tirx.h"

#define CHECK(call)                                                                         \
  do {                                                                                      \
    cudaError_t e_ = (call);                                                                \
    if (e_ != cudaSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      exit(1);                                                                              \
    }                                                                                       \
  } while (0)

// Seed relu, one element per thread.
__global__ void relu(const float *A, float *B, long n) {
  long i = (long)blockIdx.x * 256 + threadIdx.x;
  if (i < n) {
    if (A[i] > 0.0f) B[i] = A[i]; else B[i] = 0.0f;
  }
}

// relu, four elements per thread as one float4 load and store.
__global__ void relu_vec4(const float *__restrict__ A, float *__restrict__ B, long n) {
  long base = ((long)blockIdx.x * 256 + threadIdx.x) * 4;
  if (base + 3 < n) {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] > 0.0f ? A[base + v] : 0.0f;
  } else {
    for (long i = base; i < n; ++i) B[i] = A[i] > 0.0f ? A[i] : 0.0f;
  }
}

// Seed scale with early exit, four elements per thread.
__global__ void scale_vec4(const float *__restrict__ A, float *__restrict__ B, long n) {
  long base = ((long)blockIdx.x * 256 + threadIdx.x) * 4;
  if (base >= n) tirx_thread_return();
  if (base + 3 < n) {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] * 2.0f;
  } else {
    for (long i = base; i < n; ++i) B[i] = A[i] * 2.0f;
  }
}

// Seed transpose generalised: each thread moves a 4 x 4 tile (A is n x m).
__global__ void transpose(const float *A, float *B, int n, int m) {
  int row0 = (blockIdx.y * 16 + threadIdx.y) * 4;
  int col0 = (blockIdx.x * 16 + threadIdx.x) * 4;
#pragma tirx grid(r: 4, c: 4) unroll
  if (row0 + r < n && col0 + c < m) B[(size_t)(col0 + c) * n + row0 + r] = A[(size_t)(row0 + r) * m + col0 + c];
}

// The fast transposes, the same kernels as examples/transpose.cu (which checks
// them on ragged sizes too; see its comments for the bank-conflict argument)
// spelled with pragmas. A 64 x 64 tile in shared memory, XOR-swizzled by 16-byte
// chunks, 16 x 16 threads: four 16-byte loads in flight per thread, a 4 x 4
// block transposed in registers, four 16-byte stores; a half-warp reads and
// writes 256 contiguous bytes of a row, and shared memory is conflict-free.
#define TILE 64
__global__ void __launch_bounds__(256) transpose_tiled(const float *__restrict__ A, float *__restrict__ B, int n, int m) {
  __shared__ alignas(16) float tile[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  const bool full = row0 + TILE <= n && col0 + TILE <= m;
  alignas(16) float x[4][4];  // x[p]: chunk tx of tile row ty + 16p
  if (full) {
#pragma tirx grid(p: 4) unroll
    {
      const float *a = A + (size_t)(row0 + ty + 16 * p) * m + col0 + 4 * tx;
#pragma tirx vectorize
      for (int v = 0; v < 4; ++v) x[p][v] = a[v];
    }
  } else {
#pragma tirx grid(p: 4, v: 4) unroll
    {
      const int r = row0 + ty + 16 * p, c = col0 + 4 * tx + v;
      x[p][v] = r < n && c < m ? A[(size_t)r * m + c] : 0.f;
    }
  }
#pragma tirx grid(p: 4) unroll
  {
    const int r = ty + 16 * p;
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v) tile[r][4 * (tx ^ ((r >> 2) & 7)) + v] = x[p][v];
  }
  __syncthreads();
  alignas(16) float y[4][4], z[4][4];  // y[i]: chunk ty of tile row 4tx + i
#pragma tirx grid(i: 4) unroll
  {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v) y[i][v] = tile[4 * tx + i][4 * (ty ^ (tx & 7)) + v];
  }
#pragma tirx grid(i: 4, j: 4) unroll
  z[j][i] = y[i][j];  // z[j]: output row 4ty + j, chunk tx
  if (full) {
#pragma tirx grid(j: 4) unroll
    {
      float *b = B + (size_t)(col0 + 4 * ty + j) * n + row0 + 4 * tx;
#pragma tirx vectorize
      for (int v = 0; v < 4; ++v) b[v] = z[j][v];
    }
  } else {
#pragma tirx grid(j: 4, v: 4) unroll
    {
      const int r = col0 + 4 * ty + j, c = row0 + 4 * tx + v;
      if (r < m && c < n) B[(size_t)r * n + c] = z[j][v];
    }
  }
}

// The classic form: a 32 x 33 tile, 32 x 4 threads, 4-byte accesses, 8 rows
// (8 loads in flight) per thread.
#define TILE32 32
__global__ void __launch_bounds__(128) transpose_tiled32(const float *__restrict__ A, float *__restrict__ B, int n, int m) {
  __shared__ float tile[TILE32][TILE32 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE32, col0 = blockIdx.x * TILE32;
  const bool full = row0 + TILE32 <= n && col0 + TILE32 <= m;
  float x[8];
  if (full) {
#pragma tirx unroll
    for (int k = 0; k < 8; ++k) x[k] = A[(size_t)(row0 + ty + 4 * k) * m + col0 + tx];
  } else {
#pragma tirx unroll
    for (int k = 0; k < 8; ++k) {
      const int r = row0 + ty + 4 * k, c = col0 + tx;
      x[k] = r < n && c < m ? A[(size_t)r * m + c] : 0.f;
    }
  }
#pragma tirx unroll
  for (int k = 0; k < 8; ++k) tile[ty + 4 * k][tx] = x[k];
  __syncthreads();
  float y[8];  // y[k]: output row ty + 4k, column tx
#pragma tirx unroll
  for (int k = 0; k < 8; ++k) y[k] = tile[tx][ty + 4 * k];
  if (full) {
#pragma tirx unroll
    for (int k = 0; k < 8; ++k) B[(size_t)(col0 + ty + 4 * k) * n + row0 + tx] = y[k];
  } else {
#pragma tirx unroll
    for (int k = 0; k < 8; ++k) {
      const int r = col0 + ty + 4 * k, c = row0 + tx;
      if (r < m && c < n) B[(size_t)r * n + c] = y[k];
    }
  }
}

template <class F> static float median_ms(F launch) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i) launch();
  CHECK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < 20; ++i) {
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CHECK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static bool same(const std::vector<float> &got, const std::vector<float> &want, const char *what) {
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) {
      printf("%s: FAIL at %zu: %g, expected %g\n", what, i, got[i], want[i]);
      return false;
    }
  return true;
}

int main() {
  const long n = 1L << 28;
  const int side = 1 << 14;  // transpose: side x side = n
  std::vector<float> h(n), out(n), ref(n);
  unsigned s = 12345;
  for (long i = 0; i < n; ++i) s = s * 1664525u + 1013904223u, h[i] = (float)((int)(s >> 8) - (1 << 23)) / (1 << 20);
  float *A, *B;
  CHECK(cudaMalloc(&A, n * sizeof(float)));
  CHECK(cudaMalloc(&B, n * sizeof(float)));
  CHECK(cudaMemcpy(A, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  bool ok = true;
  auto check = [&](const char *what) {
    CHECK(cudaMemcpy(out.data(), B, n * sizeof(float), cudaMemcpyDeviceToHost));
    ok = same(out, ref, what) && ok;
    CHECK(cudaMemset(B, 0xff, n * sizeof(float)));
  };
  int blocks1 = (int)((n + 255) / 256), blocks4 = (int)((n / 4 + 255) / 256);
  dim3 tgrid(side / 64, side / 64), tblock(16, 16);
  dim3 t64grid(side / TILE, side / TILE), t64block(16, 16);
  dim3 t32grid(side / TILE32, side / TILE32), t32block(32, 4);
  for (long i = 0; i < n; ++i) ref[i] = h[i] > 0.0f ? h[i] : 0.0f;
  relu<<<blocks1, 256>>>(A, B, n), check("relu");
  relu_vec4<<<blocks4, 256>>>(A, B, n), check("relu_vec4");
  for (long i = 0; i < n; ++i) ref[i] = h[i] * 2.0f;
  scale_vec4<<<blocks4, 256>>>(A, B, n), check("scale_vec4");
  for (long r = 0; r < side; ++r)
    for (long c = 0; c < side; ++c) ref[c * side + r] = h[r * side + c];
  transpose<<<tgrid, tblock>>>(A, B, side, side), check("transpose");
  transpose_tiled<<<t64grid, t64block>>>(A, B, side, side), check("transpose_tiled");
  transpose_tiled32<<<t32grid, t32block>>>(A, B, side, side), check("transpose_tiled32");
  if (!ok) return 1;

  double bytes = 2.0 * n * sizeof(float);
  float copy = median_ms([&] { CHECK(cudaMemcpyAsync(B, A, n * sizeof(float), cudaMemcpyDeviceToDevice)); });
  struct { const char *name; float ms; } rows[] = {
      {"cudaMemcpy D2D", copy},
      {"relu (seed, scalar)", median_ms([&] { relu<<<blocks1, 256>>>(A, B, n); })},
      {"relu_vec4 (vectorize)", median_ms([&] { relu_vec4<<<blocks4, 256>>>(A, B, n); })},
      {"scale_vec4 (vectorize)", median_ms([&] { scale_vec4<<<blocks4, 256>>>(A, B, n); })},
      {"transpose (grid unroll)", median_ms([&] { transpose<<<tgrid, tblock>>>(A, B, side, side); })},
      {"transpose (smem tile)", median_ms([&] { transpose_tiled<<<t64grid, t64block>>>(A, B, side, side); })},
      {"transpose (smem tile 32x32)", median_ms([&] { transpose_tiled32<<<t32grid, t32block>>>(A, B, side, side); })},
  };
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  printf("%s, 2^28 floats, median of 20\n", p.name);
  printf("| kernel | ms | GB/s | vs cudaMemcpy |\n| --- | ---: | ---: | ---: |\n");
  for (auto &r : rows)
    printf("| %s | %.3f | %.0f | %.2fx |\n", r.name, r.ms, bytes / r.ms / 1e6, copy / r.ms);
  return 0;
}

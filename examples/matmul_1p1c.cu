// matmul_1p1c.cu - seed 003's 1P1C matmul, complete: C = A * B^T with one
// producer and one consumer warpgroup (`#pragma tirx warpgroups(wg: 2)`,
// `async`, docs/language.md#partitions-and-async-regions) handing K-tiles to each other through a ring of
// shared-memory slots guarded by the events `full[]` and `empty[]` 
// (docs/language.md#events), with seed 003's bootstrap: the consumer triggers every `empty`
// slot once before its loop.
// tirx-pp: required
//
//   matmul_1p1c [m [n [k]]]   A is m x k, B is n x k (both row-major half),
//                             C is m x n (row-major float). Default 512 512 512;
//                             with m alone, n = min(m, 300) + 5 and
//                             k = min(m, 300) + 7 (at run_examples.sh's sizes,
//                             neither a multiple of the tile: partial tiles)
//
// Kernels (each checked against the CPU reference, and against each other bit
// for bit: they add the same products in the same order):
//
//   matmul_1p1c<2>             one block per 64 x 64 tile of C, 2-stage ring
//   matmul_1p1c<4>             the same, 4 stages: the producer runs 3 K-tiles ahead
//   matmul_1p1c_persistent<S>  as many blocks as fit on the device at once
//                              (`#pragma tirx launch grid(persistent)`: SMs x
//                              resident blocks per SM, fewer when there are
//                              fewer tiles), each walking tiles with `#pragma
//                              tirx persistent`; run again with a quarter as
//                              many blocks as tiles (one per SM at most, a plain
//                              launch), so that the blocks walk several tiles
//                              (and the ring carries over) at small sizes too
//
// The producer (warpgroup 0) copies 64 x 32 K-tiles of A and B into a slot
// with ordinary loads and stores, zero outside the matrices, and triggers
// `full[s]`: every one of its 128 threads arrives (mbarrier.arrive has release
// semantics), so the consumer's wait (acquire) sees the stores without any
// other fence. The consumer (warpgroup 1, four warps, each a 32 x 32 quarter
// of the tile) loads the slot into nvcuda::wmma 16x16x16 fragments, triggers
// `empty[s]` as soon as the fragments are in registers, and multiplies on the
// tensor cores; at the end each warp goes through a 16 x 16 staging buffer of
// its own to write C with bounds checks.
//
// Why the event arrays have kMaxStages slots instead of STAGES: tirx-pp needs
// the slot count of an event as a constant when it reads the file, and a
// template parameter has no value then ("the size of event 'full' is not a
// positive constant expression"). The ring itself (shared memory, indices)
// uses STAGES; the 2-stage kernel leaves slots 2 and 3 of each event unused.
//
// Persistent kernel: the tile loop is inside each region, so each region
// walks the same tiles in the same order, and the ring position `it` and the
// phase bits tirx-pp keeps for every slot run on across tiles: the producer
// starts filling the next tile's K-tiles while the consumer is still on this
// one, and nothing needs draining between tiles (every K-tile triggered into
// `full` is waited for by the consumer exactly once). The bootstrap triggers
// happen once per block, before the tile loop, not once per tile.
//
// Needs tirx-pp (async regions and events have no plain-CUDA meaning; compiled
// directly, tirx.h stops the build) and sm_80+ (wmma on half, mbarriers):
//   tirx-pp -I headers -I examples examples/matmul_1p1c.cu -o out.cu
//   nvcc -std=c++17 -I headers -I examples -DTIRX_PP_OUTPUT
//        -gencode=arch=compute_90a,code=sm_90a out.cu
#include <cuda_fp16.h>
#include <mma.h>

#include "tirx.h"

#define EXAMPLE "matmul_1p1c"
#define EXAMPLE_ARGS "[m [n [k]]]"
#include "harness.h"  // the host side that every example shares

// ---- kernels -----------------------------------------------------------------

constexpr int BM = 64, BN = 64, BK = 32;  // tile of C, K-tile
// Row stride of a slot in halves: 80 bytes. The 8 rows that one 16-byte wmma
// row load touches fall in 8 different groups of 4 banks, and every 16-row
// block starts 32-byte aligned, as wmma::load_matrix_sync requires.
constexpr int LDS = BK + 8;
constexpr int kMaxStages = 4;  // slots of each event (see the header comment)
constexpr int kThreads = 256;  // 2 warpgroups

// 16 bytes (8 halves) of row r of X (rows x K), columns k..k+7, zero where it
// is outside the matrix; one 16-byte load when the whole chunk is inside and
// aligned (K a multiple of 8, so every row starts 16-byte aligned).
__device__ __forceinline__ uint4 load_chunk(const __half* __restrict__ X, int rows, int K, int r, int k) {
  if (r < rows && k + 8 <= K && K % 8 == 0) return __ldg(reinterpret_cast<const uint4*>(X + (size_t)r * K + k));
  union {
    uint4 v;
    __half h[8];
  } u;
#pragma unroll
  for (int j = 0; j < 8; ++j) u.h[j] = (r < rows && k + j < K) ? X[(size_t)r * K + k + j] : __float2half(0.0f);
  return u.v;
}

// The producer's part of one K-tile: A's rows m0..m0+63 and B's rows
// n0..n0+63, columns k0..k0+31, into the slot (as, bs). 2 x 256 chunks of 16
// bytes, 4 per thread (t = 0..127): all four loads first, then the stores.
__device__ __forceinline__ void copy_ktile(const __half* __restrict__ A, const __half* __restrict__ B, int M, int N,
                                           int K, int m0, int n0, int k0, __half* as, __half* bs, int t) {
  constexpr int kChunksPerRow = BK / 8, kPerThread = BM * kChunksPerRow / 128;
  uint4 va[kPerThread], vb[kPerThread];
#pragma unroll
  for (int i = 0; i < kPerThread; ++i) {
    const int c = t + i * 128, r = c / kChunksPerRow, col = c % kChunksPerRow * 8;
    va[i] = load_chunk(A, M, K, m0 + r, k0 + col);
    vb[i] = load_chunk(B, N, K, n0 + r, k0 + col);
  }
#pragma unroll
  for (int i = 0; i < kPerThread; ++i) {
    const int c = t + i * 128, r = c / kChunksPerRow, col = c % kChunksPerRow * 8;
    *reinterpret_cast<uint4*>(as + r * LDS + col) = va[i];
    *reinterpret_cast<uint4*>(bs + r * LDS + col) = vb[i];
  }
}

using namespace nvcuda;
using FragA = wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major>;
// B is n x k row-major, so B^T (k x n) is column-major with the same stride.
using FragB = wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major>;
using FragC = wmma::fragment<wmma::accumulator, 16, 16, 16, float>;

// The consumer warp's part of one K-tile, in two steps: every fragment out of
// the slot (after which the slot may be refilled), then the 8 products.
__device__ __forceinline__ void load_fragments(const __half* as, const __half* bs, int wm, int wn, FragA (&a)[2][2],
                                               FragB (&b)[2][2]) {
#pragma unroll
  for (int kk = 0; kk < 2; ++kk)
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      wmma::load_matrix_sync(a[kk][i], as + (wm * 32 + i * 16) * LDS + kk * 16, LDS);
      wmma::load_matrix_sync(b[kk][i], bs + (wn * 32 + i * 16) * LDS + kk * 16, LDS);
    }
}

__device__ __forceinline__ void multiply(FragC (&acc)[2][2], const FragA (&a)[2][2], const FragB (&b)[2][2]) {
#pragma unroll
  for (int kk = 0; kk < 2; ++kk)
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[kk][i], b[kk][j], acc[i][j]);
}

// The warp's 32 x 32 quarter of the tile at (m0, n0) into C, one 16 x 16
// fragment at a time through the warp's staging buffer; only the elements
// inside the matrix are written.
__device__ __forceinline__ void store_tile(float* __restrict__ C, int M, int N, int m0, int n0, int wm, int wn,
                                           FragC (&acc)[2][2], float* stage, int lane) {
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      wmma::store_matrix_sync(stage, acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
      const int r0 = m0 + wm * 32 + i * 16, c0 = n0 + wn * 32 + j * 16;
#pragma unroll
      for (int e = lane; e < 256; e += 32) {
        const int r = r0 + e / 16, c = c0 + e % 16;
        if (r < M && c < N) C[(size_t)r * N + c] = stage[e];
      }
      __syncwarp();  // the buffer is read before the next fragment overwrites it
    }
}

// One block per 64 x 64 tile of C: blockIdx.x = tile column, blockIdx.y = tile row.
template <int STAGES>
__global__ void matmul_1p1c(const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C, int M,
                            int N, int K) {
  static_assert(STAGES >= 1 && STAGES <= kMaxStages, "the events have kMaxStages slots");
  __shared__ __align__(128) __half As[STAGES][BM * LDS];
  __shared__ __align__(128) __half Bs[STAGES][BN * LDS];
  __shared__ __align__(128) float stage[4][16 * 16];
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN, ktiles = (K + BK - 1) / BK;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[kMaxStages]
#pragma tirx event empty[kMaxStages]
#pragma tirx async(wg == 0)
  {  // producer
    for (int kt = 0; kt < ktiles; ++kt) {
      const int s = kt % STAGES;
      tirx_wait(empty[s]);
      copy_ktile(A, B, M, N, K, m0, n0, kt * BK, As[s], Bs[s], threadIdx.x);
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {  // consumer
    // Bootstrap (seed 003): every slot starts empty, so give the producer
    // one credit per slot before waiting for anything.
    for (int s = 0; s < STAGES; ++s) tirx_trigger(empty[s]);
    const int warp = threadIdx.x / 32 - 4, lane = threadIdx.x % 32, wm = warp / 2, wn = warp % 2;
    FragC acc[2][2];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
    for (int kt = 0; kt < ktiles; ++kt) {
      const int s = kt % STAGES;
      tirx_wait(full[s]);
      FragA a[2][2];
      FragB b[2][2];
      load_fragments(As[s], Bs[s], wm, wn, a, b);
      tirx_trigger(empty[s]);
      multiply(acc, a, b);
    }
    store_tile(C, M, N, m0, n0, wm, wn, acc, stage[warp], lane);
  }
}

// Persistent: gridDim.x blocks (one per SM) take tiles blockIdx.x,
// blockIdx.x + gridDim.x, ... in row-major tile order.
template <int STAGES>
__global__ void matmul_1p1c_persistent(const __half* __restrict__ A, const __half* __restrict__ B,
                                       float* __restrict__ C, int M, int N, int K) {
  static_assert(STAGES >= 1 && STAGES <= kMaxStages, "the events have kMaxStages slots");
  __shared__ __align__(128) __half As[STAGES][BM * LDS];
  __shared__ __align__(128) __half Bs[STAGES][BN * LDS];
  __shared__ __align__(128) float stage[4][16 * 16];
  const int tiles_n = (N + BN - 1) / BN, total_tiles = (M + BM - 1) / BM * tiles_n;
  const int ktiles = (K + BK - 1) / BK;
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[kMaxStages]
#pragma tirx event empty[kMaxStages]
#pragma tirx async(wg == 0)
  {  // producer
    int it = 0;  // K-tiles produced so far, over every tile: the ring position
#pragma tirx persistent(tile: total_tiles)
    {
      const int m0 = tile / tiles_n * BM, n0 = tile % tiles_n * BN;
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(empty[s]);
        copy_ktile(A, B, M, N, K, m0, n0, kt * BK, As[s], Bs[s], threadIdx.x);
        tirx_trigger(full[s]);
      }
    }
  }
#pragma tirx async(wg == 1)
  {  // consumer
    for (int s = 0; s < STAGES; ++s) tirx_trigger(empty[s]);  // bootstrap, once per block
    const int warp = threadIdx.x / 32 - 4, lane = threadIdx.x % 32, wm = warp / 2, wn = warp % 2;
    int it = 0;  // K-tiles consumed so far: follows the producer's ring position
#pragma tirx persistent(tile: total_tiles)
    {
      const int m0 = tile / tiles_n * BM, n0 = tile % tiles_n * BN;
      FragC acc[2][2];
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        tirx_wait(full[s]);
        FragA a[2][2];
        FragB b[2][2];
        load_fragments(As[s], Bs[s], wm, wn, a, b);
        tirx_trigger(empty[s]);
        multiply(acc, a, b);
      }
      store_tile(C, M, N, m0, n0, wm, wn, acc, stage[warp], lane);
    }
  }
}

// ---- main ----------------------------------------------------------------------

// Within 1e-3 of the largest |reference| (NaN never passes): the products of
// half inputs are exact in float, so what differs is the order and rounding
// of float additions, far below that.
static std::vector<float> check_matmul(const char* name, const DeviceArray<float>& dC, const std::vector<float>& want,
                                       double max_ref) {
  std::vector<float> got = dC.download();
  const double tol = 1e-3 * (max_ref > 0 ? max_ref : 1.0);
  bool ok = true;
  for (size_t i = 0; i < want.size() && ok; ++i)
    if (!(fabs((double)got[i] - (double)want[i]) <= tol)) ok = fail(name, i, got[i], want[i]);
  if (ok) check_guard(name, got.data() + want.size(), dC.guard(), dC.poison());
  got.resize(want.size());
  return got;
}

int main(int argc, char** argv) {
  skip_without_device();
  const int M = parse_size(argc, argv, 1, 512, 1 << 15);
  const int derived = M < 300 ? M : 300;
  const int N = parse_size(argc, argv, 2, argc > 1 ? derived + 5 : 512, 1 << 15);
  const int K = parse_size(argc, argv, 3, argc > 1 ? derived + 7 : 512, 1 << 15);

  // Inputs rounded to half once; the reference multiplies the same values.
  std::vector<__half> hA((size_t)M * K), hB((size_t)N * K);
  std::vector<float> fA(hA.size()), fB(hB.size());
  for (size_t i = 0; i < hA.size(); ++i) fA[i] = __half2float(hA[i] = __float2half_rn(lcg_float()));
  for (size_t i = 0; i < hB.size(); ++i) fB[i] = __half2float(hB[i] = __float2half_rn(lcg_float()));
  std::vector<float> want((size_t)M * N);
  double max_ref = 0;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      const float* a = &fA[(size_t)m * K];
      const float* b = &fB[(size_t)n * K];
      double sum = 0;
      for (int k = 0; k < K; ++k) sum += (double)a[k] * b[k];
      want[(size_t)m * N + n] = (float)sum;
      max_ref = fmax(max_ref, fabs(sum));
    }

  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  const int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN, total_tiles = tiles_m * tiles_n;
  const int sms = prop.multiProcessorCount;
  const int per_sm = sms < total_tiles ? sms : total_tiles;  // more blocks would find no tile
  // Also a grid of a quarter as many blocks, so that at every size with 2 or
  // more tiles some block walks several: the ring and the phases carry over.
  const int few = total_tiles / 4 < 1 ? 1 : total_tiles / 4 < per_sm ? total_tiles / 4 : per_sm;

  DeviceArray<__half> dA(hA), dB(hB);
  DeviceArray<float> dC((size_t)M * N, kGuard);
  constexpr int kVariants = 5;
  const char* names[kVariants] = {"matmul_1p1c<2>", "matmul_1p1c<4>", "matmul_1p1c_persistent<2>",
                                  "matmul_1p1c_persistent<4>", "matmul_1p1c_persistent<4> (few blocks)"};
  std::vector<float> got[kVariants];
  for (int v = 0; v < kVariants; ++v) {
    dC.fill(0xFF);  // poison: NaN
    switch (v) {
      case 0: matmul_1p1c<2><<<dim3(tiles_n, tiles_m), kThreads>>>(dA, dB, dC, M, N, K); break;
      case 1: matmul_1p1c<4><<<dim3(tiles_n, tiles_m), kThreads>>>(dA, dB, dC, M, N, K); break;
      case 2:  // the grid: from the tile count and the device, waited for, checked
#pragma tirx launch grid(persistent)
        matmul_1p1c_persistent<2><<<total_tiles, kThreads>>>(dA, dB, dC, M, N, K);
        break;
      case 3:
#pragma tirx launch grid(persistent)
        matmul_1p1c_persistent<4><<<total_tiles, kThreads>>>(dA, dB, dC, M, N, K);
        break;
      case 4: matmul_1p1c_persistent<4><<<few, kThreads>>>(dA, dB, dC, M, N, K); break;
    }
    LAUNCH_CHECK();
    got[v] = check_matmul(names[v], dC, want, max_ref);
  }
  // Same products, same order: every kernel gives the same bits.
  for (int v = 1; v < kVariants; ++v) check_exact(names[v], got[v].data(), got[0].data(), got[0].size());

  printf(EXAMPLE ": m=%d n=%d k=%d tiles=%d c=%016llx\n", M, N, K, total_tiles, checksum(got[0]));
  return finish();
}

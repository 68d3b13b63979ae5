// softmax_1p2c.cu - a pipeline of another shape than matmul_1p1c: one producer
// warpgroup streams the rows of an R x C float matrix into a 4-slot ring in
// shared memory, and two consumer warpgroups together compute the softmax of
// each row, exp(x - max) / sum(exp(x - max)) (docs/language.md: regions, events, schedules: warpgroups,
// async regions with regs(), events, tirx_region_sync(), persistent).
// tirx-pp: required
//
//   softmax_1p2c [rows [cols]]   default 3001 x 2048; with rows alone,
//                                cols = min(rows, 2040) + 3; cols <= 2048
//
// The block is 3 warpgroups (`#pragma tirx warpgroups(wg: 3)`, 384 threads):
//
//   async(wg == 0) regs(40)    producer: copies a row into slot s (float4
//                              loads when cols is a multiple of 4), triggers
//                              full[s]. It needs few registers and gives the
//                              rest back (setmaxnreg.dec 40).
//   async(wg >= 1) regs(232)   consumers, 256 threads: each takes every 256th
//                              element of the row into registers, triggers
//                              empty[s] at once (the producer may refill the
//                              slot while they compute), then max and sum
//                              across the 8 warps and writes the row.
//
// Events, with the arrival counts tirx-pp infers: `full` 128 (the producer's
// threads), `empty` 256 (both consumer warpgroups: the consumer region is one
// region of 256 threads). `empty` is declared `ready`, so the producer's first
// wait on every slot passes without a bootstrap loop. The two consumer
// warpgroups share every row rather than take alternate rows because a
// trigger in the region counts for all 256 of its threads: every phase of
// `empty` needs both warpgroups (alternate rows would need an explicit
// count(128) instead of the inferred one).
// The register budget: 40 x 128 + 232 x 256 = 64512 of the 65536 registers.
//
// tirx_region_sync() is the consumers' own barrier (bar.sync with 256 threads):
// the two cross-warp reductions of every row meet in shared memory, and
// __syncthreads() cannot be used there, since the producer never reaches it
// (tirx-pp rejects it inside a region).
//
// Rows are spread over the blocks with `#pragma tirx persistent(row: R)` in
// both regions: block b does rows b, b + gridDim.x, ..., through the ring, the
// producer up to 4 rows ahead. Run with one block per SM and again with 2
// blocks (a long stream through each ring); both must give the same bits.
//
// Needs tirx-pp (async regions and events have no plain-CUDA meaning; compiled
// directly, tirx.h stops the build) and sm_80+; regs() only on sm_90a:
//   tirx-pp -I headers -I examples examples/softmax_1p2c.cu -o out.cu
//   nvcc -std=c++17 -I headers -I examples -DTIRX_PP_OUTPUT
//        -gencode=arch=compute_90a,code=sm_90a out.cu
#include "tirx.h"

#define EXAMPLE "softmax_1p2c"
#define EXAMPLE_ARGS "[rows [cols]]"
#include "harness.h"  // the host side that every example shares

// ---- kernels -----------------------------------------------------------------

constexpr int STAGES = 4;
constexpr int kMaxCols = 2048;                    // one row per slot: 8 KiB
constexpr int kConsumers = 256;                   // threads of the consumer region
constexpr int kPerThread = kMaxCols / kConsumers;  // row elements each consumer holds
constexpr int kThreads = 384;                     // 3 warpgroups

__global__ void softmax_1p2c(const float* __restrict__ X, float* __restrict__ Y, int R, int C) {
  __shared__ __align__(16) float ring[STAGES][kMaxCols];
  __shared__ float red_max[kConsumers / 32], red_sum[kConsumers / 32];  // one per consumer warp
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0) regs(40)
  {  // producer: 128 threads
    const int t = threadIdx.x;
    int it = 0;  // rows produced: the ring position
#pragma tirx persistent(row: R)
    {
      const int s = it++ % STAGES;
      const float* src = X + (size_t)row * C;
      tirx_wait(empty[s]);
      // Two loads in flight per thread: what fits in regs(40) (nvcc's default
      // unrolling by 4 needs more, and spills).
      if (C % 4 == 0) {  // every row starts 16-byte aligned
#pragma tirx unroll(2)
        for (int c = 4 * t; c < C; c += 4 * 128)
          *reinterpret_cast<float4*>(&ring[s][c]) = __ldg(reinterpret_cast<const float4*>(src + c));
      } else {
#pragma tirx unroll(2)
        for (int c = t; c < C; c += 128) ring[s][c] = __ldg(src + c);
      }
      tirx_trigger(full[s]);
    }
  }
#pragma tirx async(wg >= 1) regs(232)
  {  // consumers: 256 threads, 8 warps
    const int t = threadIdx.x - 128, warp = t / 32, lane = t % 32;
    int it = 0;  // rows consumed: follows the producer
#pragma tirx persistent(row: R)
    {
      const int s = it++ % STAGES;
      float v[kPerThread];
      tirx_wait(full[s]);
#pragma tirx unroll
      for (int j = 0; j < kPerThread; ++j) v[j] = t + j * kConsumers < C ? ring[s][t + j * kConsumers] : -INFINITY;
      tirx_trigger(empty[s]);  // the row is in registers: the slot may be refilled

      float m = v[0];  // C >= 1, so thread 0's v[0] is an element; -inf elsewhere at worst
#pragma tirx unroll
      for (int j = 1; j < kPerThread; ++j) m = fmaxf(m, v[j]);
      for (int d = 16; d > 0; d /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, d));
      if (lane == 0) red_max[warp] = m;
      tirx_region_sync();
      m = red_max[0];
      for (int w = 1; w < kConsumers / 32; ++w) m = fmaxf(m, red_max[w]);

      float sum = 0.0f;
#pragma tirx unroll
      for (int j = 0; j < kPerThread; ++j) {
        v[j] = t + j * kConsumers < C ? expf(v[j] - m) : 0.0f;
        sum += v[j];
      }
      for (int d = 16; d > 0; d /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, d);
      if (lane == 0) red_sum[warp] = sum;
      // Every consumer has read red_max (above) before anyone passes this
      // barrier, and read red_sum (below) before anyone passes the first one
      // of the next row: one copy of each is enough.
      tirx_region_sync();
      sum = red_sum[0];
      for (int w = 1; w < kConsumers / 32; ++w) sum += red_sum[w];

      const float inv = 1.0f / sum;
      float* dst = Y + (size_t)row * C;
#pragma tirx unroll
      for (int j = 0; j < kPerThread; ++j)
        if (t + j * kConsumers < C) dst[t + j * kConsumers] = v[j] * inv;
    }
  }
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int R = parse_size(argc, argv, 1, 3001, 1 << 20);
  const int C = parse_size(argc, argv, 2, argc > 1 ? (R < 2040 ? R : 2040) + 3 : kMaxCols, kMaxCols);

  std::vector<float> hX((size_t)R * C), want(hX.size());
  for (size_t i = 0; i < hX.size(); ++i) hX[i] = 10.0f * lcg_float();
  for (int r = 0; r < R; ++r) {
    const float* x = &hX[(size_t)r * C];
    double m = x[0], sum = 0;
    for (int c = 1; c < C; ++c) m = fmax(m, (double)x[c]);
    for (int c = 0; c < C; ++c) sum += exp((double)x[c] - m);
    for (int c = 0; c < C; ++c) want[(size_t)r * C + c] = (float)(exp((double)x[c] - m) / sum);
  }

  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  const int per_sm = prop.multiProcessorCount < R ? prop.multiProcessorCount : R;
  const int grids[2] = {per_sm, R < 2 ? R : 2};
  const char* names[2] = {"softmax_1p2c", "softmax_1p2c (2 blocks)"};

  DeviceArray<float> dX(hX), dY(hX.size(), kGuard);
  std::vector<float> got[2];
  for (int v = 0; v < 2; ++v) {
    dY.fill(0xFF);  // poison: NaN
    softmax_1p2c<<<grids[v], kThreads>>>(dX, dY, R, C);
    LAUNCH_CHECK();
    got[v] = check_output(names[v], dY, want, 1e-5);
  }
  // Each row is computed the same way whichever block takes it.
  check_exact(names[1], got[1].data(), got[0].data(), got[0].size());

  printf(EXAMPLE ": rows=%d cols=%d y=%016llx\n", R, C, checksum(got[0]));
  return finish();
}

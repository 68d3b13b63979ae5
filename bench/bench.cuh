// bench/bench.cuh - what bench/gemm.cu and bench/gemm_fp8.cu share: random
// inputs on the device, the relative error of a result, and event-timed
// medians. Included after the tirx-pp output of an example (CUDA_CHECK comes
// from examples/harness.h through it).
#pragma once

#include <cuda_bf16.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

// Uniform in [-range, range), rounded to T (round to nearest), from a hash of
// the index and seed (no host round trip).
template <class T>
__global__ void fill_random(T* p, size_t n, uint32_t seed, float range) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    uint32_t h = (uint32_t)i * 0x9E3779B9u ^ seed;
    h ^= h >> 16, h *= 0x85EBCA6Bu, h ^= h >> 13, h *= 0xC2B2AE35u, h ^= h >> 16;
    p[i] = T((float)(h >> 8) * (range / 8388608.0f) - range);
  }
}

// ||x - y|| / ||y|| over n bf16 values (NaN in x gives NaN).
static double rel_frobenius(const std::vector<__nv_bfloat16>& x, const std::vector<__nv_bfloat16>& y) {
  double d = 0, r = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double a = __bfloat162float(x[i]), b = __bfloat162float(y[i]);
    d += (a - b) * (a - b), r += b * b;
  }
  return sqrt(d / r);
}

// Event-timed samples of each function in f, taking turns (f[0], f[1], ...,
// f[0], ...), so that all see the same clocks and temperature (the card's
// clocks drift as it warms); each sample is `batch` back-to-back calls, so
// that the host's share of a call (the library's and ours: tensor maps, launch
// preparation) overlaps the previous call's kernel, as in a real program. The
// median time per call of each into ms[].
static void median_ms(const std::vector<std::function<void()>>& f, cudaEvent_t a, cudaEvent_t b, int reps, int batch,
                      float* ms) {
  std::vector<std::vector<float>> t(f.size());
  for (int i = 0; i < reps * (int)f.size(); ++i) {
    const size_t w = (size_t)i % f.size();
    CUDA_CHECK(cudaEventRecord(a));
    for (int j = 0; j < batch; ++j) f[w]();
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float x;
    CUDA_CHECK(cudaEventElapsedTime(&x, a, b));
    t[w].push_back(x / batch);
  }
  for (size_t w = 0; w < f.size(); ++w) {
    std::sort(t[w].begin(), t[w].end());
    ms[w] = t[w][reps / 2];
  }
}

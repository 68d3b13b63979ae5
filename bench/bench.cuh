// bench/bench.cuh - what the GEMM benches (bench/gemm.cu, bench/gemm_cluster.cu
// and bench/gemm_fp8.cu) share: the sizes from the command line, environment
// switches, cuBLAS's status checked, cuBLAS's bf16 product in our layout,
// random inputs on the device, the relative error of a result, and
// event-timed medians. Included after the tirx-pp output of an example and
// after <cublas_v2.h> or <cublasLt.h>: CUDA_CHECK and EXAMPLE (the name that
// starts every failure line) come from examples/harness.h through it.
#pragma once

#include <cublas_v2.h>
#include <cuda_bf16.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <vector>

// A cuBLAS or cuBLASLt call that must succeed: otherwise a FAIL line, exit 1.
#define CUBLAS_CHECK(call)                                                                   \
  do {                                                                                       \
    cublasStatus_t st_ = (call);                                                             \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                      \
      printf(EXAMPLE ": FAIL line %d: %s: cuBLAS status %d\n", __LINE__, #call, (int)st_); \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

// The m x n x k triples to run: the arguments, three at a time (a trailing
// incomplete triple is ignored), or `defaults` without arguments.
inline std::vector<int> bench_sizes(int argc, char** argv, std::vector<int> defaults) {
  if (argc <= 1) return defaults;
  std::vector<int> sizes;
  for (int i = 1; i + 2 < argc; i += 3)
    for (int j = 0; j < 3; ++j) sizes.push_back(atoi(argv[i + j]));
  return sizes;
}

// An environment switch: on when set, non-empty and not "0" (GEMM_ALL_TILES=1).
inline bool env_flag(const char* name) {
  const char* v = getenv(name);
  return v && *v && *v != '0';
}

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

// Row-major C = A * B^T (A m x k, B n x k, C m x n; bf16, fp32 accumulation)
// by cublasGemmEx: as column-major C^T = B A^T, cuBLAS's "TN" product.
inline void cublas_gemm_bf16_tn(cublasHandle_t handle, const __nv_bfloat16* A, const __nv_bfloat16* B,
                                __nv_bfloat16* C, int M, int N, int K) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_16BF, K, A, CUDA_R_16BF, K,
                            &beta, C, CUDA_R_16BF, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

// A size's buffers: A (m x k) and B (n x k) random in [-range, range), with a
// seed from the size's index z (a fresh one per size), and nc outputs C[i]
// (m x n bf16) poisoned with NaN, so that an element never written fails.
template <class T>
inline void bench_alloc(T** A, T** B, __nv_bfloat16** C, int nc, int M, int N, int K, size_t z, float range) {
  CUDA_CHECK(cudaMalloc(A, (size_t)M * K * sizeof(T)));
  CUDA_CHECK(cudaMalloc(B, (size_t)N * K * sizeof(T)));
  for (int i = 0; i < nc; ++i) {
    CUDA_CHECK(cudaMalloc(&C[i], (size_t)M * N * sizeof(__nv_bfloat16)));
    CUDA_CHECK(cudaMemset(C[i], 0xFF, (size_t)M * N * sizeof(__nv_bfloat16)));
  }
  fill_random<<<1024, 256>>>(*A, (size_t)M * K, 0x1234u + (uint32_t)z, range);
  fill_random<<<1024, 256>>>(*B, (size_t)N * K, 0xBEEFu + (uint32_t)z, range);
  LAUNCH_CHECK();
}

template <class T>
inline void bench_free(T* A, T* B, __nv_bfloat16** C, int nc) {
  CUDA_CHECK(cudaFree(A));
  CUDA_CHECK(cudaFree(B));
  for (int i = 0; i < nc; ++i) CUDA_CHECK(cudaFree(C[i]));
}

// The worst relative Frobenius error of C[1], ..., C[nc - 1] against C[0]
// (n elements each; NaN sticks).
inline double worst_rel_error(__nv_bfloat16* const* C, int nc, size_t n) {
  std::vector<__nv_bfloat16> h0(n), hi(n);
  CUDA_CHECK(cudaMemcpy(h0.data(), C[0], n * sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));
  double err = 0;
  for (int i = 1; i < nc; ++i) {
    CUDA_CHECK(cudaMemcpy(hi.data(), C[i], n * sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));
    const double e = rel_frobenius(hi, h0);
    err = e > err || e != e ? e : err;
  }
  return err;
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

// median_ms with a cold L2 (GEMM_COLD=1 in the benches): each sample is one
// call after `flush` (larger than L2) was rewritten, so that the operands come
// from device memory, as in a model's layer.
static void median_ms_cold(const std::vector<std::function<void()>>& f, cudaEvent_t a, cudaEvent_t b, int reps,
                           void* flush, size_t flush_bytes, float* ms) {
  std::vector<std::vector<float>> t(f.size());
  for (int i = 0; i < reps * (int)f.size(); ++i) {
    const size_t w = (size_t)i % f.size();
    CUDA_CHECK(cudaMemsetAsync(flush, i & 0xFF, flush_bytes));
    CUDA_CHECK(cudaEventRecord(a));
    f[w]();
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float x;
    CUDA_CHECK(cudaEventElapsedTime(&x, a, b));
    t[w].push_back(x);
  }
  for (size_t w = 0; w < f.size(); ++w) {
    std::sort(t[w].begin(), t[w].end());
    ms[w] = t[w][reps / 2];
  }
}

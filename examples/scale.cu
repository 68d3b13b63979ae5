// scale.cu - seed 001 "Early Thread Exit": B = 2 * A with the bounds check
// written as an early exit, tirx_thread_return() (SPEC section 2), plus a
// variant with four elements per thread and TIRX_VECTORIZE (SPEC section 1).
//
//   scale [n]     n = number of elements (default 1000003)
//
// Without tirx-pp, tirx.h makes tirx_thread_return() a `return` and
// TIRX_VECTORIZE a `#pragma unroll`.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "tirx.h"

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 256;

__global__ void scale(const float* A, float* B, int n) {
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (i >= n) tirx_thread_return();
  B[i] = A[i] * 2.0f;
}

// Four consecutive elements per thread: one float4 load and store with tirx-pp
// (base is a multiple of 4 and the buffers come from cudaMalloc: 16-byte aligned).
__global__ void scale_vec4(const float* A, float* B, int n) {
  int base = (blockIdx.x * kBlock + threadIdx.x) * 4;
  if (base >= n) tirx_thread_return();
  if (base + 4 > n) {  // tail: fewer than 4 left
    for (int v = 0; base + v < n; ++v) B[base + v] = A[base + v] * 2.0f;
    tirx_thread_return();
  }
  TIRX_VECTORIZE
  for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] * 2.0f;
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "scale"

#define CUDA_CHECK(call)                                                                  \
  do {                                                                                    \
    cudaError_t err_ = (call);                                                            \
    if (err_ != cudaSuccess) {                                                            \
      printf(EXAMPLE ": FAIL line %d: %s: %s\n", __LINE__, #call, cudaGetErrorString(err_)); \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

// After every launch: the launch error, then the error of the run itself.
#define LAUNCH_CHECK()                   \
  do {                                   \
    CUDA_CHECK(cudaGetLastError());      \
    CUDA_CHECK(cudaDeviceSynchronize()); \
  } while (0)

inline void skip_without_device() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf(EXAMPLE ": SKIP (no CUDA device)\n");
    exit(77);
  }
}

inline int parse_size(int argc, char** argv, int arg, int dflt, int max) {
  if (argc <= arg) return dflt;
  char* end = nullptr;
  long v = strtol(argv[arg], &end, 10);
  if (end == argv[arg] || *end != '\0' || v < 1 || v > max) {
    fprintf(stderr, "usage: %s [n]   (1 <= size <= %d)\n", argv[0], max);
    exit(2);
  }
  return (int)v;
}

// A small LCG, so that every platform makes the same inputs.
static uint32_t lcg_state = 12345u;
inline uint32_t lcg_next() { return lcg_state = lcg_state * 1664525u + 1013904223u; }
// Uniform in [-1, 1), a multiple of 2^-23: exact in float.
inline float lcg_float() { return (float)(lcg_next() >> 8) * (1.0f / 8388608.0f) - 1.0f; }

// Uniform integer in [lo, hi].
inline int lcg_int(int lo, int hi) { return lo + (int)(lcg_next() % (uint32_t)(hi - lo + 1)); }

// FNV-1a over the bytes of a result: the checksum that the summary line prints.
inline uint64_t fnv1a(const void* data, size_t bytes) {
  const unsigned char* p = (const unsigned char*)data;
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

// The first failure, printed as `<name>: FAIL <reason>` at the end.
static char fail_reason[512];
inline bool fail(const char* what, size_t i, double got, double want) {
  if (!fail_reason[0])
    snprintf(fail_reason, sizeof fail_reason, "%s[%zu] = %.9g, expected %.9g", what, i, got,
             want);
  return false;
}

// Exact comparison (bit for bit, so a poisoned NaN never matches).
template <typename T>
bool check_exact(const char* what, const T* got, const T* want, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (memcmp(&got[i], &want[i], sizeof(T)) != 0)
      return fail(what, i, (double)got[i], (double)want[i]);
  return true;
}

// Comparison with a tolerance, for float sums (NaN never passes).
template <typename T>
bool check_close(const char* what, const T* got, const T* want, size_t n, double tol) {
  for (size_t i = 0; i < n; ++i) {
    double g = (double)got[i], w = (double)want[i];
    if (!(fabs(g - w) <= tol * (1.0 + fabs(w)))) return fail(what, i, g, w);
  }
  return true;
}

// Output buffers get kGuard extra elements past the end; they are poisoned with
// the rest and must still be poisoned after the kernel (no write past n).
constexpr size_t kGuard = 1024;
template <typename T>
bool check_guard(const char* what, const T* guard, size_t n, unsigned char poison) {
  const unsigned char* p = (const unsigned char*)guard;
  for (size_t i = 0; i < n * sizeof(T); ++i)
    if (p[i] != poison) {
      if (!fail_reason[0])
        snprintf(fail_reason, sizeof fail_reason, "%s: write past the end (guard element %zu)",
                 what, i / sizeof(T));
      return false;
    }
  return true;
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 1000003, 1 << 26);

  std::vector<float> hA(n), want(n), got(n + kGuard);
  for (int i = 0; i < n; ++i) hA[i] = lcg_float();
  for (int i = 0; i < n; ++i) want[i] = hA[i] * 2.0f;

  float *dA = nullptr, *dB = nullptr;
  const size_t bytes = (size_t)n * sizeof(float), out_bytes = (n + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dB, out_bytes));
  CUDA_CHECK(cudaMemcpy(dA, hA.data(), bytes, cudaMemcpyHostToDevice));

  bool ok = true;
  uint64_t sum[2];
  const char* names[2] = {"scale", "scale_vec4"};
  for (int k = 0; k < 2; ++k) {
    CUDA_CHECK(cudaMemset(dB, 0xFF, out_bytes));  // poison: NaN
    if (k == 0) {
      scale<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
    } else {
      const int threads = (n + 3) / 4;
      scale_vec4<<<(threads + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
    }
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), dB, out_bytes, cudaMemcpyDeviceToHost));
    ok = check_exact(names[k], got.data(), want.data(), n) &&
         check_guard(names[k], got.data() + n, kGuard, 0xFF) && ok;
    sum[k] = fnv1a(got.data(), bytes);
  }
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));

  printf(EXAMPLE ": n=%d scale=%016llx scale_vec4=%016llx\n", n, (unsigned long long)sum[0],
         (unsigned long long)sum[1]);
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

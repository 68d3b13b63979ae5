// row_sum.cu - seed 001 "for Loops": sum each row of an n x 64 matrix, one row
// per thread; the inner loop of 4 is fully unrolled (`#pragma tirx unroll`,
// SPEC section 1), the outer loop of 16 stays a loop.
//
//   row_sum [n]   n = number of rows (default 100003)
//
// A second kernel spells the same thing with the other two spellings:
// `_Pragma("tirx serial")` on the outer loop and TIRX_UNROLL on the inner one.
// Without tirx-pp, nvcc ignores the pragmas and tirx.h turns TIRX_UNROLL into
// `#pragma unroll`: same loops, same additions in the same order.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "tirx.h"

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 128;

__global__ void row_sum(const float* A, float* B, int n) {
  int row = blockIdx.x * kBlock + threadIdx.x;
  if (row < n) {
    float total = 0.0f;
    for (int j = 0; j < 16; ++j) {
#pragma tirx unroll
      for (int k = 0; k < 4; ++k) total += A[row * 64 + j * 4 + k];
    }
    B[row] = total;
  }
}

__global__ void row_sum_spelled(const float* A, float* B, int n) {
  int row = blockIdx.x * kBlock + threadIdx.x;
  if (row < n) {
    float total = 0.0f;
    _Pragma("tirx serial")
    for (int j = 0; j < 16; ++j) {
      TIRX_UNROLL
      for (int k = 0; k < 4; ++k) total += A[row * 64 + j * 4 + k];
    }
    B[row] = total;
  }
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "row_sum"

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
  const int n = parse_size(argc, argv, 1, 100003, 1 << 20);

  std::vector<float> hA((size_t)n * 64), want(n), got(n + kGuard);
  for (size_t i = 0; i < hA.size(); ++i) hA[i] = lcg_float();
  for (int row = 0; row < n; ++row) {
    float total = 0.0f;  // same order as the kernel: column 0, 1, ..., 63
    for (int col = 0; col < 64; ++col) total += hA[(size_t)row * 64 + col];
    want[row] = total;
  }

  float *dA = nullptr, *dB = nullptr;
  const size_t in_bytes = hA.size() * sizeof(float);
  const size_t bytes = (size_t)n * sizeof(float), out_bytes = (n + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, in_bytes));
  CUDA_CHECK(cudaMalloc(&dB, out_bytes));
  CUDA_CHECK(cudaMemcpy(dA, hA.data(), in_bytes, cudaMemcpyHostToDevice));

  bool ok = true;
  uint64_t sum[2];
  const char* names[2] = {"row_sum", "row_sum_spelled"};
  for (int k = 0; k < 2; ++k) {
    CUDA_CHECK(cudaMemset(dB, 0xFF, out_bytes));  // poison: NaN
    if (k == 0)
      row_sum<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
    else
      row_sum_spelled<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), dB, out_bytes, cudaMemcpyDeviceToHost));
    ok = check_close(names[k], got.data(), want.data(), n, 1e-5) &&
         check_guard(names[k], got.data() + n, kGuard, 0xFF) && ok;
    sum[k] = fnv1a(got.data(), bytes);
  }
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));

  printf(EXAMPLE ": n=%d row_sum=%016llx row_sum_spelled=%016llx\n", n, (unsigned long long)sum[0],
         (unsigned long long)sum[1]);
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

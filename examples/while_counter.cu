// while_counter.cu - seed 000/002 "while": a loop with a mutable counter, one
// row of 64 per thread; then the same loop with its body unrolled by hand
// (TIRX_UNROLL, SPEC section 1), and as a `for` with a run-time bound under
// `#pragma tirx unroll(4)` (an unroll factor for nvcc: not expanded by tirx-pp).
//
//   while_counter [n]   n = number of rows (default 100003)
//
// Without tirx-pp, tirx.h makes TIRX_UNROLL a `#pragma unroll`, and nvcc
// ignores the `#pragma tirx` line.
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

// The seed's while loop, on this thread's row.
__global__ void while_counter(float* A, int n) {
  int row = blockIdx.x * kBlock + threadIdx.x;
  if (row >= n) tirx_thread_return();
  float* Arow = A + (size_t)row * 64;
  int i = 0;
  while (i < 64) {
    Arow[i] = Arow[i] + 1.0f;
    i += 1;
  }
}

// Four elements per trip: the inner loop becomes four statements.
__global__ void while_counter_by4(float* A, int n) {
  int row = blockIdx.x * kBlock + threadIdx.x;
  if (row >= n) tirx_thread_return();
  float* Arow = A + (size_t)row * 64;
  int i = 0;
  while (i < 64) {
    TIRX_UNROLL
    for (int k = 0; k < 4; ++k) Arow[i + k] = Arow[i + k] + 1.0f;
    i += 4;
  }
}

// The bound is only known at run time, so the loop can only be unrolled by a factor.
__global__ void for_counter(float* A, int n, int cols) {
  int row = blockIdx.x * kBlock + threadIdx.x;
  if (row >= n) tirx_thread_return();
  float* Arow = A + (size_t)row * cols;
#pragma tirx unroll(4)
  for (int i = 0; i < cols; ++i) Arow[i] = Arow[i] + 1.0f;
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "while_counter"

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
  const size_t elems = (size_t)n * 64;

  std::vector<float> hA(elems), want(elems), got(elems + kGuard);
  for (size_t i = 0; i < elems; ++i) hA[i] = lcg_float();
  for (size_t i = 0; i < elems; ++i) want[i] = hA[i] + 1.0f;

  float* dA = nullptr;
  const size_t bytes = elems * sizeof(float), out_bytes = (elems + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, out_bytes));

  bool ok = true;
  uint64_t sum[3];
  const char* names[3] = {"while_counter", "while_counter_by4", "for_counter"};
  const int blocks = (n + kBlock - 1) / kBlock;
  for (int k = 0; k < 3; ++k) {
    CUDA_CHECK(cudaMemset(dA, 0xFF, out_bytes));  // poison the guard: NaN
    CUDA_CHECK(cudaMemcpy(dA, hA.data(), bytes, cudaMemcpyHostToDevice));
    if (k == 0) while_counter<<<blocks, kBlock>>>(dA, n);
    if (k == 1) while_counter_by4<<<blocks, kBlock>>>(dA, n);
    if (k == 2) for_counter<<<blocks, kBlock>>>(dA, n, 64);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), dA, out_bytes, cudaMemcpyDeviceToHost));
    ok = check_exact(names[k], got.data(), want.data(), elems) &&
         check_guard(names[k], got.data() + elems, kGuard, 0xFF) && ok;
    sum[k] = fnv1a(got.data(), bytes);
  }
  CUDA_CHECK(cudaFree(dA));

  printf(EXAMPLE ": n=%d while_counter=%016llx while_counter_by4=%016llx for_counter=%016llx\n", n,
         (unsigned long long)sum[0], (unsigned long long)sum[1], (unsigned long long)sum[2]);
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

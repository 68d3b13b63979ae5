// search_sorted.cu - seed 001 "while Loops": binary search of n queries in a
// sorted array of 64 values; each thread runs its own number of iterations.
//
//   search_sorted [n]   n = number of queries (default 1000003)
//
// The kernel has no tirx annotation at all (`while` is plain C), so tirx-pp
// must write this file out byte for byte unchanged (SPEC section 0).
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

// B[i] = the first position in S where Q[i] could be inserted and keep S sorted.
__global__ void search_sorted(const float* S, const float* Q, int* B, int n) {
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (i < n) {
    int lo = 0;
    int hi = 64;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (S[mid] < Q[i])
        lo = mid + 1;
      else
        hi = mid;
    }
    B[i] = lo;
  }
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "search_sorted"

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

  // S: 64 sorted values on a grid of 1/8 with repeats, so that queries hit
  // values exactly (ties), fall between them, and fall outside on both sides.
  std::vector<float> hS(64), hQ(n);
  int level = -40;
  for (int k = 0; k < 64; ++k) {
    level += lcg_int(0, 2);  // 0: a repeated value
    hS[k] = level / 8.0f;
  }
  for (int i = 0; i < n; ++i) hQ[i] = lcg_int(-48, 120) / 8.0f;
  std::vector<int> want(n), got(n + kGuard);
  for (int i = 0; i < n; ++i) {  // count of values < Q[i]: the same position, found another way
    int count = 0;
    for (int k = 0; k < 64; ++k) count += hS[k] < hQ[i];
    want[i] = count;
  }

  float *dS = nullptr, *dQ = nullptr;
  int* dB = nullptr;
  const size_t bytes = (size_t)n * sizeof(int), out_bytes = (n + kGuard) * sizeof(int);
  CUDA_CHECK(cudaMalloc(&dS, 64 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dQ, (size_t)n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dB, out_bytes));
  CUDA_CHECK(cudaMemcpy(dS, hS.data(), 64 * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dQ, hQ.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dB, 0xFF, out_bytes));  // poison: -1
  search_sorted<<<(n + kBlock - 1) / kBlock, kBlock>>>(dS, dQ, dB, n);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(got.data(), dB, out_bytes, cudaMemcpyDeviceToHost));
  bool ok = check_exact("search_sorted", got.data(), want.data(), n) &&
            check_guard("search_sorted", got.data() + n, kGuard, 0xFF);
  CUDA_CHECK(cudaFree(dS));
  CUDA_CHECK(cudaFree(dQ));
  CUDA_CHECK(cudaFree(dB));

  long long total = 0;
  for (int i = 0; i < n; ++i) total += got[i];
  printf(EXAMPLE ": n=%d sum=%lld checksum=%016llx\n", n, total,
         (unsigned long long)fnv1a(got.data(), bytes));
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

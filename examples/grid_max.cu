// grid_max.cu - seed 000/002 "loop": B[i][j] = max(A[i][j], 0) over an 8 x 8
// matrix with a loop nest (`grid`, SPEC section 1), one matrix per thread over
// a batch of n matrices, in every spelling:
//
//   grid_max               #pragma tirx grid(i: 8, j: 8)
//   grid_max_unroll        #pragma tirx grid(i: 8, j: 8) unroll   (64 statements)
//   grid_max_op            _Pragma("tirx grid(i: 8, j: 8)")
//   grid_max_macro         TIRX_GRID(i, 8, j, 8)
//   grid_max_macro_unroll  TIRX_GRID_UNROLL(i, 8, j, 8)
//
//   grid_max [n]   n = number of 8 x 8 matrices (default 100003)
//
// The pragma spellings declare i and j, which nvcc alone cannot do (it ignores
// the pragma). So those kernels are compiled only when tirx-pp parses the file
// (__TIRX_PP__) and when its output is compiled with -DTIRX_PP_OUTPUT
// (tests/gpu/run_examples.sh does); a plain nvcc build runs the two macro
// kernels, which tirx.h turns into the same loop nest. Both print the same lines.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "tirx.h"

#if defined(__TIRX_PP__) || defined(TIRX_PP_OUTPUT)
#define HAVE_PRAGMA_KERNELS 1
#else
#define HAVE_PRAGMA_KERNELS 0
#endif

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 64;

#if HAVE_PRAGMA_KERNELS
__global__ void grid_max(const float* A, float* B, int n) {
  int m = blockIdx.x * kBlock + threadIdx.x;
  if (m >= n) tirx_thread_return();
  const float* Am = A + (size_t)m * 64;
  float* Bm = B + (size_t)m * 64;
#pragma tirx grid(i: 8, j: 8)
  Bm[i * 8 + j] = max(Am[i * 8 + j], 0.0f);
}

__global__ void grid_max_unroll(const float* A, float* B, int n) {
  int m = blockIdx.x * kBlock + threadIdx.x;
  if (m >= n) tirx_thread_return();
  const float* Am = A + (size_t)m * 64;
  float* Bm = B + (size_t)m * 64;
#pragma tirx grid(i: 8, j: 8) unroll
  Bm[i * 8 + j] = max(Am[i * 8 + j], 0.0f);
}

__global__ void grid_max_op(const float* A, float* B, int n) {
  int m = blockIdx.x * kBlock + threadIdx.x;
  if (m >= n) tirx_thread_return();
  const float* Am = A + (size_t)m * 64;
  float* Bm = B + (size_t)m * 64;
  _Pragma("tirx grid(i: 8, j: 8)")
  Bm[i * 8 + j] = max(Am[i * 8 + j], 0.0f);
}
#endif

__global__ void grid_max_macro(const float* A, float* B, int n) {
  int m = blockIdx.x * kBlock + threadIdx.x;
  if (m >= n) tirx_thread_return();
  const float* Am = A + (size_t)m * 64;
  float* Bm = B + (size_t)m * 64;
  TIRX_GRID(i, 8, j, 8)
  Bm[i * 8 + j] = max(Am[i * 8 + j], 0.0f);
}

__global__ void grid_max_macro_unroll(const float* A, float* B, int n) {
  int m = blockIdx.x * kBlock + threadIdx.x;
  if (m >= n) tirx_thread_return();
  const float* Am = A + (size_t)m * 64;
  float* Bm = B + (size_t)m * 64;
  TIRX_GRID_UNROLL(i, 8, j, 8)
  Bm[i * 8 + j] = max(Am[i * 8 + j], 0.0f);
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "grid_max"

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
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx grid kernels are left out\n");

  std::vector<float> hA(elems), want(elems), got(elems + kGuard);
  for (size_t i = 0; i < elems; ++i) hA[i] = lcg_float();
  for (size_t i = 0; i < elems; ++i) want[i] = hA[i] > 0.0f ? hA[i] : 0.0f;

  float *dA = nullptr, *dB = nullptr;
  const size_t bytes = elems * sizeof(float), out_bytes = (elems + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dB, out_bytes));
  CUDA_CHECK(cudaMemcpy(dA, hA.data(), bytes, cudaMemcpyHostToDevice));

  struct Variant {
    const char* name;
    void (*kernel)(const float*, float*, int);
  };
  const Variant variants[] = {
#if HAVE_PRAGMA_KERNELS
      {"grid_max", grid_max},
      {"grid_max_unroll", grid_max_unroll},
      {"grid_max_op", grid_max_op},
#endif
      {"grid_max_macro", grid_max_macro},
      {"grid_max_macro_unroll", grid_max_macro_unroll},
  };
  bool ok = true;
  for (const Variant& v : variants) {
    CUDA_CHECK(cudaMemset(dB, 0xFF, out_bytes));  // poison: NaN
    v.kernel<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), dB, out_bytes, cudaMemcpyDeviceToHost));
    ok = check_exact(v.name, got.data(), want.data(), elems) &&
         check_guard(v.name, got.data() + elems, kGuard, 0xFF) && ok;
  }
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));

  // Every variant was compared with the same expected result, so the checksum
  // of the last one stands for all of them.
  printf(EXAMPLE ": n=%d checksum=%016llx\n", n, (unsigned long long)fnv1a(got.data(), bytes));
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

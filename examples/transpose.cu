// transpose.cu - seed 001 "for Loops": transpose with a loop nest over a 4 x 4
// tile per thread (`#pragma tirx grid`, SPEC section 1).
//
//   transpose [n [m]]   general kernel on an n x m matrix (default 4096 x n+3)
//
// `transpose` is the seed kernel: a 64 x 64 matrix, 16 blocks of 16 threads,
// each thread moves the 4 x 4 tile at (blockIdx.x * 4, threadIdx.x * 4).
// `transpose_general` does any n x m matrix with TIRX_GRID(r, 4, c, 4) and
// bounds checks; it is large enough to benchmark.
//
// `#pragma tirx grid(r: 4, c: 4)` declares r and c, which nvcc alone cannot do
// (it ignores the pragma). So the pragma kernel is compiled only when tirx-pp
// parses the file (__TIRX_PP__) and when its output is compiled with
// -DTIRX_PP_OUTPUT (tests/gpu/run_examples.sh does); a plain nvcc build runs
// `transpose_macro` instead, the same kernel spelled with TIRX_GRID, which
// tirx.h turns into the same loop nest. Both print the same line.
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

#if HAVE_PRAGMA_KERNELS
__global__ void transpose(const float* A, float* B) {
  int row0 = blockIdx.x * 4;
  int col0 = threadIdx.x * 4;
#pragma tirx grid(r: 4, c: 4)
  B[(col0 + c) * 64 + row0 + r] = A[(row0 + r) * 64 + col0 + c];
}
#endif

__global__ void transpose_macro(const float* A, float* B) {
  int row0 = blockIdx.x * 4;
  int col0 = threadIdx.x * 4;
  TIRX_GRID(r, 4, c, 4)
  B[(col0 + c) * 64 + row0 + r] = A[(row0 + r) * 64 + col0 + c];
}

// A is n x m, B is m x n; a 16 x 16 block of threads covers 64 x 64 elements.
__global__ void transpose_general(const float* A, float* B, int n, int m) {
  int row0 = (blockIdx.y * 16 + threadIdx.y) * 4;
  int col0 = (blockIdx.x * 16 + threadIdx.x) * 4;
  TIRX_GRID(r, 4, c, 4)
  if (row0 + r < n && col0 + c < m)
    B[(size_t)(col0 + c) * n + row0 + r] = A[(size_t)(row0 + r) * m + col0 + c];
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "transpose"

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
    fprintf(stderr, "usage: %s [n [m]]   (1 <= size <= %d)\n", argv[0], max);
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

static void cpu_transpose(const std::vector<float>& A, std::vector<float>& B, int n, int m) {
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < m; ++c) B[(size_t)c * n + r] = A[(size_t)r * m + c];
}

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 4096, 1 << 14);
  const int m = parse_size(argc, argv, 2, n + 3, 1 << 14);
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx grid kernel is left out\n");
  bool ok = true;

  // The seed kernel: 64 x 64.
  std::vector<float> hA(64 * 64), want(64 * 64), got(64 * 64 + kGuard);
  for (float& x : hA) x = lcg_float();
  cpu_transpose(hA, want, 64, 64);
  float *dA = nullptr, *dB = nullptr;
  const size_t bytes = 64 * 64 * sizeof(float), out_bytes = (64 * 64 + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dB, out_bytes));
  CUDA_CHECK(cudaMemcpy(dA, hA.data(), bytes, cudaMemcpyHostToDevice));
  for (int k = HAVE_PRAGMA_KERNELS ? 0 : 1; k < 2; ++k) {
    const char* name = k == 0 ? "transpose" : "transpose_macro";
    CUDA_CHECK(cudaMemset(dB, 0xFF, out_bytes));  // poison: NaN
#if HAVE_PRAGMA_KERNELS
    if (k == 0) transpose<<<16, 16>>>(dA, dB);
#endif
    if (k == 1) transpose_macro<<<16, 16>>>(dA, dB);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(got.data(), dB, out_bytes, cudaMemcpyDeviceToHost));
    ok = check_exact(name, got.data(), want.data(), 64 * 64) &&
         check_guard(name, got.data() + 64 * 64, kGuard, 0xFF) && ok;
  }
  const uint64_t seed_sum = fnv1a(got.data(), bytes);
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));

  // The general kernel: n x m.
  const size_t nm = (size_t)n * m;
  std::vector<float> gA(nm), gwant(nm), ggot(nm + kGuard);
  for (float& x : gA) x = lcg_float();
  cpu_transpose(gA, gwant, n, m);
  const size_t gbytes = nm * sizeof(float), gout_bytes = (nm + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, gbytes));
  CUDA_CHECK(cudaMalloc(&dB, gout_bytes));
  CUDA_CHECK(cudaMemcpy(dA, gA.data(), gbytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dB, 0xFF, gout_bytes));
  dim3 grid((m + 63) / 64, (n + 63) / 64), block(16, 16);
  transpose_general<<<grid, block>>>(dA, dB, n, m);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(ggot.data(), dB, gout_bytes, cudaMemcpyDeviceToHost));
  ok = check_exact("transpose_general", ggot.data(), gwant.data(), nm) &&
       check_guard("transpose_general", ggot.data() + nm, kGuard, 0xFF) && ok;
  const uint64_t general_sum = fnv1a(ggot.data(), gbytes);
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));

  printf(EXAMPLE ": 64x64=%016llx n=%d m=%d general=%016llx\n", (unsigned long long)seed_sum, n, m,
         (unsigned long long)general_sum);
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

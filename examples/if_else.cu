// if_else.cu - seed 000/002 "if": a per-thread if/else, and electing one lane
// per warp (`#pragma tirx elect`, TIRX_ELECT and tirx_elect_sync(), SPEC section 2).
//
//   if_else [n]   n = number of elements (default 1000003); the elect kernels
//                 run ceil(n / 256) blocks of 256 threads
//
// `#pragma tirx elect` changes which threads run the statement, which nvcc
// alone cannot do (it ignores the pragma and every lane would run it). So the
// pragma kernel is compiled only when tirx-pp parses the file (__TIRX_PP__) and
// when its output is compiled with -DTIRX_PP_OUTPUT (tests/gpu/run_examples.sh
// does); a plain nvcc build runs only `elect_count_macro`, the same kernel with
// TIRX_ELECT, which tirx.h turns into `if (tirx_elect_one_sync())`.
// Both builds print the same lines.
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

constexpr int kBlock = 256;

// The seed's branch on the thread index: first half of each block doubles,
// second half adds one.
__global__ void if_else(float* A, int n) {
  int tx = blockIdx.x * kBlock + threadIdx.x;
  if (tx >= n) tirx_thread_return();
  if (threadIdx.x < 128)
    A[tx] = A[tx] * 2.0f;
  else
    A[tx] = A[tx] + 1.0f;
}

// One elected lane per warp counts its warp and records its lane. Every lane
// of every warp gets here (no early exit): elect needs the whole warp.
#if HAVE_PRAGMA_KERNELS
__global__ void elect_count(int* count, int* lane) {
  int warp = (blockIdx.x * kBlock + threadIdx.x) / 32;
#pragma tirx elect
  {
    atomicAdd(&count[warp], 1);
    lane[warp] = threadIdx.x % 32;
  }
}
#endif

__global__ void elect_count_macro(int* count, int* lane) {
  int warp = (blockIdx.x * kBlock + threadIdx.x) / 32;
  TIRX_ELECT
  {
    atomicAdd(&count[warp], 1);
    lane[warp] = threadIdx.x % 32;
  }
}

// tirx_elect_sync() as a condition: the warp sums its values, one lane adds
// the sum to the warp's slot (more than one lane would multiply it).
__global__ void warp_sum(const int* X, int* sum) {
  int t = blockIdx.x * kBlock + threadIdx.x;
  int total = __reduce_add_sync(0xffffffffu, X[t]);
  if (tirx_elect_sync()) atomicAdd(&sum[t / 32], total);
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "if_else"

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
  const int blocks = (n + kBlock - 1) / kBlock, threads = blocks * kBlock, warps = threads / 32;
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx elect kernel is left out\n");
  bool ok = true;

  // if / else
  std::vector<float> hA(n), want(n), got(n + kGuard);
  for (int i = 0; i < n; ++i) hA[i] = lcg_float();
  for (int i = 0; i < n; ++i) want[i] = i % kBlock < 128 ? hA[i] * 2.0f : hA[i] + 1.0f;
  float* dA = nullptr;
  const size_t bytes = (size_t)n * sizeof(float), out_bytes = (n + kGuard) * sizeof(float);
  CUDA_CHECK(cudaMalloc(&dA, out_bytes));
  CUDA_CHECK(cudaMemset(dA, 0xFF, out_bytes));  // poison the guard: NaN
  CUDA_CHECK(cudaMemcpy(dA, hA.data(), bytes, cudaMemcpyHostToDevice));
  if_else<<<blocks, kBlock>>>(dA, n);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(got.data(), dA, out_bytes, cudaMemcpyDeviceToHost));
  ok = check_exact("if_else", got.data(), want.data(), n) &&
       check_guard("if_else", got.data() + n, kGuard, 0xFF) && ok;
  const uint64_t if_else_sum = fnv1a(got.data(), bytes);
  CUDA_CHECK(cudaFree(dA));

  // elect: every warp's counter must be exactly 1, from a lane in 0..31.
  int *dCount = nullptr, *dLane = nullptr;
  std::vector<int> count(warps), lane(warps), ones(warps, 1);
  CUDA_CHECK(cudaMalloc(&dCount, warps * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dLane, warps * sizeof(int)));
  for (int k = HAVE_PRAGMA_KERNELS ? 0 : 1; k < 2; ++k) {
    const char* name = k == 0 ? "elect_count" : "elect_count_macro";
    CUDA_CHECK(cudaMemset(dCount, 0, warps * sizeof(int)));
    CUDA_CHECK(cudaMemset(dLane, 0xFF, warps * sizeof(int)));  // poison: -1
#if HAVE_PRAGMA_KERNELS
    if (k == 0) elect_count<<<blocks, kBlock>>>(dCount, dLane);
#endif
    if (k == 1) elect_count_macro<<<blocks, kBlock>>>(dCount, dLane);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(count.data(), dCount, warps * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(lane.data(), dLane, warps * sizeof(int), cudaMemcpyDeviceToHost));
    ok = check_exact(name, count.data(), ones.data(), warps) && ok;
    for (int w = 0; w < warps; ++w)
      if (lane[w] < 0 || lane[w] > 31) {
        ok = fail("elected lane", w, lane[w], 0);
        break;
      }
  }
  CUDA_CHECK(cudaFree(dCount));
  CUDA_CHECK(cudaFree(dLane));

  // tirx_elect_sync() as a condition
  std::vector<int> hX(threads), wsum(warps, 0), gsum(warps);
  for (int t = 0; t < threads; ++t) {
    hX[t] = lcg_int(-1000, 1000);
    wsum[t / 32] += hX[t];
  }
  int *dX = nullptr, *dSum = nullptr;
  CUDA_CHECK(cudaMalloc(&dX, threads * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dSum, warps * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dX, hX.data(), threads * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dSum, 0, warps * sizeof(int)));
  warp_sum<<<blocks, kBlock>>>(dX, dSum);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(gsum.data(), dSum, warps * sizeof(int), cudaMemcpyDeviceToHost));
  ok = check_exact("warp_sum", gsum.data(), wsum.data(), warps) && ok;
  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dSum));

  printf(EXAMPLE ": n=%d if_else=%016llx warps=%d warp_sum=%016llx\n", n,
         (unsigned long long)if_else_sum, warps,
         (unsigned long long)fnv1a(gsum.data(), warps * sizeof(int)));
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

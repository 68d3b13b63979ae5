// break_continue.cu - seed 001 "break and continue": fully unrolled loops
// (SPEC section 1) whose `break` and `continue` bind to the unrolled loop,
// next to a `switch` and a `while` that keep their own `break`/`continue`.
// Trip counts come from a constexpr, an enum, a #define and a template
// parameter; the loops count up, down (`>=`, `--`, `>`, `-=`), by 2 (`+= 2`)
// and to `<=` / `!=` bounds.
//
//   break_continue [n]   n = number of threads, 16 small ints each (default 100003)
//
// Without tirx-pp, nvcc ignores the `#pragma tirx` / `_Pragma("tirx ...")`
// lines and tirx.h makes TIRX_UNROLL a `#pragma unroll`: the loops stay loops
// and mean the same. The CPU reference below is written by hand, not shared.
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
constexpr int kLen = 16;  // inputs per thread
enum { kPairs = 8 };      // trips of the `+= 2` loop
#define TAIL 12           // the downward loop visits TAIL - 1 .. 0
constexpr int kOut = 5;   // outputs per thread

// Sum of x[0 .. W) up to the first 0.
template <int W>
__device__ int prefix_sum(const int* x) {
  int s = 0;
#pragma tirx unroll
  for (int i = 0; i != W; ++i) {
    if (x[i] == 0) break;
    s += x[i];
  }
  return s;
}

__global__ void break_continue(const int* X, int* Out, int n) {
  int t = blockIdx.x * kBlock + threadIdx.x;
  if (t >= n) tirx_thread_return();
  const int* x = X + (size_t)t * kLen;
  int* out = Out + (size_t)t * kOut;

  // (a) break / continue of the unrolled loop; the switch's break is its own,
  // but a continue inside the switch still goes to the loop's next i.
  int a = 0;
#pragma tirx unroll
  for (int i = 0; i < kLen; ++i) {
    if (x[i] == 0) break;
    if (x[i] == 1) continue;
    switch (x[i] % 4) {
      case 0:
        a += 100;
        break;
      case 2:
        continue;
      default:
        a += x[i];
        break;
    }
    a += i;
  }
  out[0] = a;

  // (b) a `+= 2` step; the inner while has its own break and continue.
  int b = 0;
  _Pragma("tirx unroll")
  for (int i = 0; i < 2 * kPairs; i += 2) {
    int k = x[i];
    while (k > 0) {
      --k;
      if (k == 5) break;
      if (k % 3 == 0) continue;
      b += k;
    }
    if (b > 40) break;
    b += 1;
  }
  out[1] = b;

  // (c) counting down: the last value >= 5 seen, stopping after one > 7.
  int c = -1;
  TIRX_UNROLL
  for (int i = TAIL - 1; i >= 0; --i) {
    if (x[i] < 5) continue;
    c = i * 100 + x[i];
    if (x[i] > 7) break;
  }
  out[2] = c;

  // (d) nested unrolled loops: the inner break leaves only the inner loop.
  int d = 0;
#pragma tirx unroll
  for (int r = 0; r <= 3; ++r) {
    if (x[r * 4] == 1) continue;
#pragma tirx unroll
    for (int s = 3; s > 0; s -= 1) {
      if (x[r * 4 + s] == 9) break;
      d += x[r * 4 + s] * s;
    }
    d += r;
  }
  out[3] = d;

  // (e) trip counts from template parameters.
  out[4] = prefix_sum<3>(x) + 1000 * prefix_sum<5>(x + 8);
}

// ---- host harness (the same in every example) --------------------------------

#define EXAMPLE "break_continue"

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

// The same five results, written out by hand as plain loops.
static void reference(const int* x, int* out) {
  int a = 0;  // (a) up to the first 0; 1s and values = 2 mod 4 add nothing
  for (int i = 0; i < 16 && x[i] != 0; ++i) {
    if (x[i] == 1 || x[i] % 4 == 2) continue;
    a += (x[i] % 4 == 0 ? 100 : x[i]) + i;
  }
  out[0] = a;

  // (b) for every even i: add x[i]-1 down to 0, stopping before 5 and
  // leaving out multiples of 3.
  int b = 0;
  for (int i = 0; i < 16; i += 2) {
    for (int k = x[i] - 1; k >= 0 && k != 5; --k)
      if (k % 3 != 0) b += k;
    if (b > 40) break;
    b += 1;
  }
  out[1] = b;

  int c = -1;  // (c)
  for (int i = 11; i >= 0; --i)
    if (x[i] >= 5) {
      c = i * 100 + x[i];
      if (x[i] > 7) break;
    }
  out[2] = c;

  int d = 0;  // (d)
  for (int r = 0; r < 4; ++r) {
    if (x[r * 4] == 1) continue;
    for (int s = 3; s >= 1 && x[r * 4 + s] != 9; --s) d += x[r * 4 + s] * s;
    d += r;
  }
  out[3] = d;

  int e3 = 0, e5 = 0;  // (e)
  for (int i = 0; i < 3 && x[i] != 0; ++i) e3 += x[i];
  for (int i = 0; i < 5 && x[8 + i] != 0; ++i) e5 += x[8 + i];
  out[4] = e3 + 1000 * e5;
}

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 100003, 1 << 20);
  const size_t ins = (size_t)n * kLen, outs = (size_t)n * kOut;

  std::vector<int> hX(ins), want(outs), got(outs + kGuard);
  for (size_t i = 0; i < ins; ++i) hX[i] = lcg_int(0, 9);
  for (int t = 0; t < n; ++t) reference(&hX[(size_t)t * kLen], &want[(size_t)t * kOut]);

  int *dX = nullptr, *dOut = nullptr;
  const size_t bytes = outs * sizeof(int), out_bytes = (outs + kGuard) * sizeof(int);
  CUDA_CHECK(cudaMalloc(&dX, ins * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dOut, out_bytes));
  CUDA_CHECK(cudaMemcpy(dX, hX.data(), ins * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dOut, 0xA5, out_bytes));  // poison: not a result (-1 is one)
  break_continue<<<(n + kBlock - 1) / kBlock, kBlock>>>(dX, dOut, n);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(got.data(), dOut, out_bytes, cudaMemcpyDeviceToHost));
  bool ok = check_exact("break_continue", got.data(), want.data(), outs) &&
            check_guard("break_continue", got.data() + outs, kGuard, 0xA5);
  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dOut));

  long long total[kOut] = {0, 0, 0, 0, 0};
  for (size_t i = 0; i < outs; ++i) total[i % kOut] += got[i];
  printf(EXAMPLE ": n=%d sums=%lld,%lld,%lld,%lld,%lld checksum=%016llx\n", n, total[0], total[1],
         total[2], total[3], total[4], (unsigned long long)fnv1a(got.data(), bytes));
  if (!ok) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

// harness.h - the host side that every example shares, so that an example
// itself is its kernels, its CPU reference and a short main.
//
//   #define EXAMPLE "relu"     // first, before the include: every line starts with it
//   #include "harness.h"
//
// What it gives: CUDA_CHECK / LAUNCH_CHECK; SKIP (exit 77) without a GPU; the
// size from argv; a fixed-seed LCG, so every platform makes the same inputs;
// DeviceArray, device memory whose outputs are poisoned and carry guard
// elements; check_output, which compares an output with the CPU reference and
// checks that nothing was written past its end; FNV-1a checksums; and finish(),
// the last line: `<name>: PASS`, or `<name>: FAIL <first failure>` and status 1.
//
// tests/gpu/run_examples.sh runs every example built with and without tirx-pp
// and requires byte-identical stdout, so what is printed must not depend on the
// build or the machine (no addresses, times or device names). Exit statuses:
// 0 PASS, 1 FAIL, 2 bad usage, 77 no CUDA device.
//
// Host code only, header-only. tirx-pp copies `#include "harness.h"` as it is,
// so compiling its output needs `-I examples`.
#pragma once

#ifndef EXAMPLE
#error "#define EXAMPLE \"name\" before including harness.h"
#endif
// What the usage line shows for the arguments.
#ifndef EXAMPLE_ARGS
#define EXAMPLE_ARGS "[n]"
#endif

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

// Kernels spelled with `#pragma tirx grid` / `elect` declare names or change
// which threads run, which nvcc alone cannot do: they exist only when tirx-pp
// parses the file (__TIRX_PP__) and when its output is compiled with
// -DTIRX_PP_OUTPUT (tests/examples.sh and tests/gpu/run_examples.sh do).
#if defined(__TIRX_PP__) || defined(TIRX_PP_OUTPUT)
#define HAVE_PRAGMA_KERNELS 1
#else
#define HAVE_PRAGMA_KERNELS 0
#endif

// ---- errors -------------------------------------------------------------------

#define CUDA_CHECK(call)                                                                     \
  do {                                                                                       \
    cudaError_t err_ = (call);                                                               \
    if (err_ != cudaSuccess) {                                                               \
      printf(EXAMPLE ": FAIL line %d: %s: %s\n", __LINE__, #call, cudaGetErrorString(err_)); \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

// After every launch: the launch error, then the error of the run itself.
#define LAUNCH_CHECK()                   \
  do {                                   \
    CUDA_CHECK(cudaGetLastError());      \
    CUDA_CHECK(cudaDeviceSynchronize()); \
  } while (0)

// Without a GPU there is nothing to test: exit 77, which ctest reports as skipped.
inline void skip_without_device() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf(EXAMPLE ": SKIP (no CUDA device)\n");
    exit(77);
  }
}

// The examples on wgmma and setmaxnreg (sm_90a only): on another GPU, or
// none, there is nothing to test: exit 77.
inline void skip_without_sm90() {
  skip_without_device();
  int major = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major != 9) {
    printf(EXAMPLE ": SKIP: needs an sm_90 GPU (compute capability %d.x here)\n", major);
    exit(77);
  }
}

// argv[arg] as a size in [1, max], or dflt when it is not given.
inline int parse_size(int argc, char** argv, int arg, int dflt, int max) {
  if (argc <= arg) return dflt;
  char* end = nullptr;
  long v = strtol(argv[arg], &end, 10);
  if (end == argv[arg] || *end != '\0' || v < 1 || v > max) {
    fprintf(stderr, "usage: %s " EXAMPLE_ARGS "   (1 <= size <= %d)\n", argv[0], max);
    exit(2);
  }
  return (int)v;
}

// ---- inputs -------------------------------------------------------------------

// A small LCG, so that every platform makes the same inputs.
static uint32_t lcg_state = 12345u;
inline uint32_t lcg_next() { return lcg_state = lcg_state * 1664525u + 1013904223u; }
// Uniform in [-1, 1), a multiple of 2^-23: exact in float.
inline float lcg_float() { return (float)(lcg_next() >> 8) * (1.0f / 8388608.0f) - 1.0f; }
// Uniform integer in [lo, hi].
inline int lcg_int(int lo, int hi) { return lo + (int)(lcg_next() % (uint32_t)(hi - lo + 1)); }

// ---- checks -------------------------------------------------------------------

// FNV-1a over the bytes of a result: the checksum that the summary line prints.
inline uint64_t fnv1a(const void* data, size_t bytes) {
  const unsigned char* p = (const unsigned char*)data;
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}
// The same over a whole vector, in the type that printf's %016llx takes.
template <typename T>
unsigned long long checksum(const std::vector<T>& v) {
  return fnv1a(v.data(), v.size() * sizeof(T));
}

// The first failure, printed by finish(). Every check records its failure here
// and goes on, so that one run reports every summary line.
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

// The last line, which run_examples.sh reads; main returns what this returns.
inline int finish() {
  if (fail_reason[0]) {
    printf(EXAMPLE ": FAIL %s\n", fail_reason);
    return 1;
  }
  printf(EXAMPLE ": PASS\n");
  return 0;
}

// ---- device memory --------------------------------------------------------------

// n elements of device memory (plus `guard` more for an output), freed at the
// end of the scope. It converts to T*, so it is passed to a kernel as it is.
template <typename T>
class DeviceArray {
 public:
  explicit DeviceArray(size_t n, size_t guard = 0) : n_(n), guard_(guard) {
    CUDA_CHECK(cudaMalloc(&p_, (n_ + guard_) * sizeof(T)));
  }
  // A copy of a host vector (an input).
  explicit DeviceArray(const std::vector<T>& host) : DeviceArray(host.size()) { upload(host); }
  ~DeviceArray() { CUDA_CHECK(cudaFree(p_)); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  operator T*() const { return p_; }
  size_t size() const { return n_; }
  size_t guard() const { return guard_; }
  unsigned char poison() const { return poison_; }

  // Copies host to the first host.size() elements.
  void upload(const std::vector<T>& host) {
    CUDA_CHECK(cudaMemcpy(p_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  // Sets every byte, guard included, to `byte`: before a kernel, a value that it
  // must overwrite (0xFF: NaN, or -1), and what check_output expects in the guard.
  void fill(unsigned char byte) {
    CUDA_CHECK(cudaMemset(p_, byte, (n_ + guard_) * sizeof(T)));
    poison_ = byte;
  }
  // All n + guard elements.
  std::vector<T> download() const {
    std::vector<T> host(n_ + guard_);
    CUDA_CHECK(cudaMemcpy(host.data(), p_, host.size() * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }

 private:
  T* p_ = nullptr;
  size_t n_, guard_;
  unsigned char poison_ = 0;
};

// Copies an output back and checks it: its elements against the CPU reference
// `want` (one per element; bit for bit, or within a relative `tol` for float
// sums), then its guard. Returns the elements, guard left out.
template <typename T>
std::vector<T> check_output(const char* name, const DeviceArray<T>& out,
                            const std::vector<T>& want, double tol = -1) {
  const size_t n = out.size();
  std::vector<T> got = out.download();
  if (want.size() != n) {  // a bug in the example
    if (!fail_reason[0])
      snprintf(fail_reason, sizeof fail_reason, "%s: %zu elements, %zu expected values", name,
               n, want.size());
  } else if (tol < 0 ? check_exact(name, got.data(), want.data(), n)
                     : check_close(name, got.data(), want.data(), n, tol)) {
    check_guard(name, got.data() + n, out.guard(), out.poison());
  }
  got.resize(n);
  return got;
}

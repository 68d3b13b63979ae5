// grid_max.cu - seed 000/002 "loop": B[i][j] = max(A[i][j], 0) over an 8 x 8
// matrix with a loop nest (`grid`, docs/language.md#loops), one matrix per thread over
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
#include "tirx.h"

#define EXAMPLE "grid_max"
#include "harness.h"  // the host side that every example shares; HAVE_PRAGMA_KERNELS

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

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 100003, 1 << 20);
  const size_t elems = (size_t)n * 64;
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx grid kernels are left out\n");

  std::vector<float> hA(elems), want(elems);
  for (size_t i = 0; i < elems; ++i) hA[i] = lcg_float();
  for (size_t i = 0; i < elems; ++i) want[i] = hA[i] > 0.0f ? hA[i] : 0.0f;

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
  DeviceArray<float> dA(hA), dB(elems, kGuard);
  unsigned long long sum = 0;
  for (const Variant& v : variants) {
    dB.fill(0xFF);  // poison: NaN
    v.kernel<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
    LAUNCH_CHECK();
    sum = checksum(check_output(v.name, dB, want));
  }

  // Every variant was compared with the same expected result, so the checksum
  // of the last one stands for all of them.
  printf(EXAMPLE ": n=%d checksum=%016llx\n", n, sum);
  return finish();
}

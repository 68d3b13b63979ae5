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
#include "tirx.h"

#define EXAMPLE "transpose"
#define EXAMPLE_ARGS "[n [m]]"  // for the usage line
#include "harness.h"  // the host side that every example shares; HAVE_PRAGMA_KERNELS

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

// ---- CPU reference -------------------------------------------------------------

static void cpu_transpose(const std::vector<float>& A, std::vector<float>& B, int n, int m) {
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < m; ++c) B[(size_t)c * n + r] = A[(size_t)r * m + c];
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 4096, 1 << 14);
  const int m = parse_size(argc, argv, 2, n + 3, 1 << 14);
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx grid kernel is left out\n");

  // The seed kernel: 64 x 64.
  std::vector<float> hA(64 * 64), want(64 * 64);
  for (float& x : hA) x = lcg_float();
  cpu_transpose(hA, want, 64, 64);
  DeviceArray<float> dA(hA), dB(64 * 64, kGuard);
  unsigned long long seed_sum = 0;
  for (int k = HAVE_PRAGMA_KERNELS ? 0 : 1; k < 2; ++k) {
    dB.fill(0xFF);  // poison: NaN
#if HAVE_PRAGMA_KERNELS
    if (k == 0) transpose<<<16, 16>>>(dA, dB);
#endif
    if (k == 1) transpose_macro<<<16, 16>>>(dA, dB);
    LAUNCH_CHECK();
    seed_sum = checksum(check_output(k == 0 ? "transpose" : "transpose_macro", dB, want));
  }

  // The general kernel: n x m.
  const size_t nm = (size_t)n * m;
  std::vector<float> gA(nm), gwant(nm);
  for (float& x : gA) x = lcg_float();
  cpu_transpose(gA, gwant, n, m);
  DeviceArray<float> dgA(gA), dgB(nm, kGuard);
  dgB.fill(0xFF);
  dim3 grid((m + 63) / 64, (n + 63) / 64), block(16, 16);
  transpose_general<<<grid, block>>>(dgA, dgB, n, m);
  LAUNCH_CHECK();
  const auto general_sum = checksum(check_output("transpose_general", dgB, gwant));

  printf(EXAMPLE ": 64x64=%016llx n=%d m=%d general=%016llx\n", seed_sum, n, m, general_sum);
  return finish();
}

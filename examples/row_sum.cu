// row_sum.cu - seed 001 "for Loops": sum each row of an n x 64 matrix, one row
// per thread; the inner loop of 4 is fully unrolled (`#pragma tirx unroll`,
// docs/language.md#loops), the outer loop of 16 stays a loop.
//
//   row_sum [n]   n = number of rows (default 100003)
//
// A second kernel spells the same thing with the other two spellings:
// `_Pragma("tirx serial")` on the outer loop and TIRX_UNROLL on the inner one.
// Without tirx-pp, nvcc ignores the pragmas and tirx.h turns TIRX_UNROLL into
// `#pragma unroll`: same loops, same additions in the same order.
#include "tirx.h"

#define EXAMPLE "row_sum"
#include "harness.h"  // the host side that every example shares

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

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 100003, 1 << 20);

  std::vector<float> hA((size_t)n * 64), want(n);
  for (size_t i = 0; i < hA.size(); ++i) hA[i] = lcg_float();
  for (int row = 0; row < n; ++row) {
    float total = 0.0f;  // same order as the kernel: column 0, 1, ..., 63
    for (int col = 0; col < 64; ++col) total += hA[(size_t)row * 64 + col];
    want[row] = total;
  }

  DeviceArray<float> dA(hA), dB(n, kGuard);
  dB.fill(0xFF);  // poison: NaN
  row_sum<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
  LAUNCH_CHECK();
  const auto row_sum_sum = checksum(check_output("row_sum", dB, want, 1e-5));

  dB.fill(0xFF);
  row_sum_spelled<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
  LAUNCH_CHECK();
  const auto spelled_sum = checksum(check_output("row_sum_spelled", dB, want, 1e-5));

  printf(EXAMPLE ": n=%d row_sum=%016llx row_sum_spelled=%016llx\n", n, row_sum_sum, spelled_sum);
  return finish();
}

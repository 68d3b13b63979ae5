// while_counter.cu - seed 000/002 "while": a loop with a mutable counter, one
// row of 64 per thread; then the same loop with its body unrolled by hand
// (TIRX_UNROLL, docs/language.md#loops), and as a `for` with a run-time bound under
// `#pragma tirx unroll(4)` (an unroll factor for nvcc: not expanded by tirx-pp).
//
//   while_counter [n]   n = number of rows (default 100003)
//
// Without tirx-pp, tirx.h makes TIRX_UNROLL a `#pragma unroll`, and nvcc
// ignores the `#pragma tirx` line.
#include "tirx.h"

#define EXAMPLE "while_counter"
#include "harness.h"  // the host side that every example shares

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

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 100003, 1 << 20);
  const size_t elems = (size_t)n * 64;

  std::vector<float> hA(elems), want(elems);
  for (size_t i = 0; i < elems; ++i) hA[i] = lcg_float();
  for (size_t i = 0; i < elems; ++i) want[i] = hA[i] + 1.0f;

  DeviceArray<float> dA(elems, kGuard);
  unsigned long long sum[3];
  const char* names[3] = {"while_counter", "while_counter_by4", "for_counter"};
  const int blocks = (n + kBlock - 1) / kBlock;
  for (int k = 0; k < 3; ++k) {
    dA.fill(0xFF);  // poison the guard: NaN
    dA.upload(hA);
    if (k == 0) while_counter<<<blocks, kBlock>>>(dA, n);
    if (k == 1) while_counter_by4<<<blocks, kBlock>>>(dA, n);
    if (k == 2) for_counter<<<blocks, kBlock>>>(dA, n, 64);
    LAUNCH_CHECK();
    sum[k] = checksum(check_output(names[k], dA, want));
  }

  printf(EXAMPLE ": n=%d while_counter=%016llx while_counter_by4=%016llx for_counter=%016llx\n", n,
         sum[0], sum[1], sum[2]);
  return finish();
}

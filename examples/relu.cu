// relu.cu - seed 001 "if Statements": ReLU with a bounds check and an if/else,
// plus a vectorized variant (`#pragma tirx vectorize`, docs/language.md#loops).
//
//   relu [n]      n = number of elements (default 1000003)
//
// Builds with or without tirx-pp:
//   nvcc -I headers -gencode=arch=compute_90a,code=sm_90a examples/relu.cu
// Without tirx-pp, nvcc ignores `#pragma tirx vectorize` (a hint), so the loop
// stays a plain loop and the result is the same.
#include "tirx.h"

#define EXAMPLE "relu"
#include "harness.h"  // the host side that every example shares

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 256;

// One element per thread (seed 001, verbatim apart from the spelling).
__global__ void relu(const float* A, float* B, int n) {
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (i < n) {
    if (A[i] > 0.0f)
      B[i] = A[i];
    else
      B[i] = 0.0f;
  }
}

// Four consecutive elements per thread; one float4 load and store with tirx-pp.
// A and B come from cudaMalloc and base is a multiple of 4, so A + base and
// B + base are 16-byte aligned.
__global__ void relu_vec4(const float* A, float* B, int n) {
  int base = (blockIdx.x * kBlock + threadIdx.x) * 4;
  if (base + 4 <= n) {
#pragma tirx vectorize
    for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] > 0.f ? A[base + v] : 0.f;
  } else {
    for (int v = 0; v < 4 && base + v < n; ++v)  // tail: fewer than 4 left
      B[base + v] = A[base + v] > 0.f ? A[base + v] : 0.f;
  }
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 1000003, 1 << 26);

  std::vector<float> hA(n), want(n);
  for (int i = 0; i < n; ++i) hA[i] = lcg_float();
  for (int i = 0; i < n; ++i) want[i] = hA[i] > 0.0f ? hA[i] : 0.0f;

  DeviceArray<float> dA(hA), dB(n, kGuard);
  dB.fill(0xFF);  // poison: NaN
  relu<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
  LAUNCH_CHECK();
  const auto relu_sum = checksum(check_output("relu", dB, want));

  dB.fill(0xFF);
  const int threads = (n + 3) / 4;
  relu_vec4<<<(threads + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
  LAUNCH_CHECK();
  const auto vec4_sum = checksum(check_output("relu_vec4", dB, want));

  printf(EXAMPLE ": n=%d relu=%016llx relu_vec4=%016llx\n", n, relu_sum, vec4_sum);
  return finish();
}

// scale.cu - seed 001 "Early Thread Exit": B = 2 * A with the bounds check
// written as an early exit, tirx_thread_return() (docs/language.md#threads-warps-collectives), plus a
// variant with four elements per thread and TIRX_VECTORIZE (docs/language.md#loops).
//
//   scale [n]     n = number of elements (default 1000003)
//
// Without tirx-pp, tirx.h makes tirx_thread_return() a `return` and
// TIRX_VECTORIZE a `#pragma unroll`.
#include "tirx.h"

#define EXAMPLE "scale"
#include "harness.h"  // the host side that every example shares

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 256;

__global__ void scale(const float* A, float* B, int n) {
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (i >= n) tirx_thread_return();
  B[i] = A[i] * 2.0f;
}

// Four consecutive elements per thread: one float4 load and store with tirx-pp
// (base is a multiple of 4 and the buffers come from cudaMalloc: 16-byte aligned).
__global__ void scale_vec4(const float* A, float* B, int n) {
  int base = (blockIdx.x * kBlock + threadIdx.x) * 4;
  if (base >= n) tirx_thread_return();
  if (base + 4 > n) {  // tail: fewer than 4 left
    for (int v = 0; base + v < n; ++v) B[base + v] = A[base + v] * 2.0f;
    tirx_thread_return();
  }
  TIRX_VECTORIZE
  for (int v = 0; v < 4; ++v) B[base + v] = A[base + v] * 2.0f;
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 1000003, 1 << 26);

  std::vector<float> hA(n), want(n);
  for (int i = 0; i < n; ++i) hA[i] = lcg_float();
  for (int i = 0; i < n; ++i) want[i] = hA[i] * 2.0f;

  DeviceArray<float> dA(hA), dB(n, kGuard);
  dB.fill(0xFF);  // poison: NaN
  scale<<<(n + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
  LAUNCH_CHECK();
  const auto scale_sum = checksum(check_output("scale", dB, want));

  dB.fill(0xFF);
  const int threads = (n + 3) / 4;
  scale_vec4<<<(threads + kBlock - 1) / kBlock, kBlock>>>(dA, dB, n);
  LAUNCH_CHECK();
  const auto vec4_sum = checksum(check_output("scale_vec4", dB, want));

  printf(EXAMPLE ": n=%d scale=%016llx scale_vec4=%016llx\n", n, scale_sum, vec4_sum);
  return finish();
}

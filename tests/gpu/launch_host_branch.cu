// tests/gpu/launch_host_branch.cu: a `#pragma tirx launch smem(...)` in a
// block only nvcc's host pass compiles (#ifndef __CUDA_ARCH__) is lowered like
// any other launch: the kernel gets its 64 KiB of dynamic shared memory (the
// limit raised past 48 KiB). Dropped, the launch ran with none and faulted.
// Each block fills the shared memory with its values, then sums it back;
// compared with the host's sums.
#include <cstdio>
#include <cstdlib>

#include "tirx.h"

constexpr int kFloats = 64 * 1024 / 4;
constexpr int kBlocks = 8;
constexpr int kThreads = 256;

__global__ void fill_and_sum(const float *in, float *out) {
  extern __shared__ float smem[];
  for (int i = threadIdx.x; i < kFloats; i += blockDim.x) smem[i] = in[blockIdx.x * kFloats + i];
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < kFloats; ++i) s += smem[(i * 7) % kFloats];
    out[blockIdx.x] = s;
  }
}

static void run(const float *in, float *out) {
#ifndef __CUDA_ARCH__
#pragma tirx launch smem(kFloats * sizeof(float))
  fill_and_sum<<<kBlocks, kThreads>>>(in, out);
#endif
}

int main() {
  const size_t n = (size_t)kBlocks * kFloats;
  float *h = (float *)malloc(n * sizeof(float)), ref[kBlocks], got[kBlocks];
  for (size_t i = 0; i < n; ++i) h[i] = (float)(i % 13) - 6.f;
  for (int b = 0; b < kBlocks; ++b) {
    ref[b] = 0;
    for (int i = 0; i < kFloats; ++i) ref[b] += h[b * kFloats + (i * 7) % kFloats];
  }
  float *in, *out;
  if (cudaMalloc(&in, n * sizeof(float)) != cudaSuccess || cudaMalloc(&out, kBlocks * sizeof(float)) != cudaSuccess) {
    printf("launch_host_branch: FAIL: cudaMalloc\n");
    return 1;
  }
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  run(in, out);  // a failed launch stops here, at the launch's line
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  for (int b = 0; b < kBlocks; ++b)
    if (got[b] != ref[b]) {
      printf("launch_host_branch: FAIL: block %d summed %g, want %g\n", b, got[b], ref[b]);
      return 1;
    }
  printf("launch_host_branch: PASS (%d blocks, %d bytes of shared memory each)\n", kBlocks, kFloats * 4);
  free(h);
  return 0;
}

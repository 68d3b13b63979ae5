#line 1 "mixed_realworld.cu"
// Real-world-shaped CUDA with one annotated loop: everything outside the
// loop comes out unchanged.
#include "tirx.h"
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) {                                               \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                               \
    }                                                                        \
  } while (0)
#define DEVICE_INLINE __device__ __forceinline__
#define TILE 32

namespace detail {
template <typename T, int N>
struct Vec {
  T v[N];
  DEVICE_INLINE T &operator[](int i) { return v[i]; }
};
template <typename T> DEVICE_INLINE T warp_sum(T x) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) x += __shfl_xor_sync(0xffffffffu, x, o);
  return x;
}
}  // namespace detail

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) reduce(const T *__restrict__ in, T *out, int n) {
  __shared__ T partial[BLOCK / 32];
  T acc = T(0);
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) acc += in[i];
  acc = detail::warp_sum(acc);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < BLOCK / 32 ? partial[threadIdx.x] : T(0);
    acc = detail::warp_sum(acc);
    if (threadIdx.x == 0) atomicAdd(out, acc);
  }
}

__global__ void transpose(const float *a, float *b, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = a[y * n + x];
  __syncthreads();
  {
  { int r = 0; tile[r][threadIdx.x] += 0.f; }
#line 54 "mixed_realworld.cu"
  { int r = 1; tile[r][threadIdx.x] += 0.f; } }
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n) b[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__host__ __device__ int arch_id() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return 0;
#endif
}

__global__ void half_scale(__half *h, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto scale = [=](__half x) { return __float2half(__half2float(x) * s); };
  if (i < n) h[i] = scale(h[i]);
}

/* A comment that mentions #pragma tirx unroll and TIRX_GRID(i, 4) but is
   only a comment. */
static const char *kBanner = "#pragma tirx unroll -- not an annotation";

int main() {
  const int n = 1 << 10;
  float *d = nullptr;
  CHECK(cudaMalloc(&d, n * sizeof(float)));
  reduce<float, 256><<<4, 256>>>(d, d, n);
  CHECK(cudaGetLastError());
  auto host = [](int k) { return k * 2; };
  printf("%s %d\n", kBanner, host(arch_id()));
  CHECK(cudaFree(d));
  return 0;
}

#include "tirx.h"
#line 1 "elect_asserted_uniform.cu"
// ggml's warp_reduce_sum and block_reduce with elect in place of `if (lane_id == 0)`:
// after the xor butterfly every lane holds the warp's sum, which uniform(...) asserts.
#define WARP_SIZE 32
static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffff, x, offset, WARP_SIZE);
  return x;
}
static __device__ float block_reduce(float val, float *shared_vals) {
  val = warp_reduce_sum(val);
  const int lane_id = threadIdx.x % WARP_SIZE;
  if (blockDim.x > WARP_SIZE) {
    const int warp_id = threadIdx.x / WARP_SIZE;

if (tirx_elect_one_sync())
    shared_vals[warp_id] = val;
    __syncthreads();
    val = 0.0f;
    if (lane_id < (static_cast<int>(blockDim.x) / WARP_SIZE)) val = shared_vals[lane_id];
    return warp_reduce_sum(val);
  }
  return val;
}
__global__ void row_sum(const float *x, float *dst, int ncols) {
  __shared__ float s[32];
  float sum = 0.f;
  for (int col = threadIdx.x; col < ncols; col += blockDim.x) sum += x[blockIdx.x * ncols + col];
  sum = warp_reduce_sum(sum);

if (tirx_elect_one_sync())
  dst[blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE] = sum;
  float total = block_reduce(x[threadIdx.x], s);
  
  if (tirx_elect_one_sync()) atomicAdd(&dst[0], total);
}

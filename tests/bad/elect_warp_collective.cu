// ggml's warp_reduce_sum under elect: the shuffles run on one lane with the
// full mask (undefined), and the sum is that lane's own value.
#define WARP_SIZE 32
static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffff, x, offset, WARP_SIZE);
  return x;
}
__global__ void row_sum(const float *x, float *dst, int ncols) {
  float sum = 0.f;
  for (int col = threadIdx.x; col < ncols; col += blockDim.x) sum += x[blockIdx.x * ncols + col];
#pragma tirx elect
  dst[blockIdx.x] = warp_reduce_sum(sum);
}

// ggml's warp_reduce_sum, a function template, called under elect in a kernel
// template that this file never instantiates: the callee's body is its pattern.
template <int width = 32>
static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffff, x, offset, width);
  return x;
}
template <int block_size>
__global__ void row_sum(const float *x, float *dst) {
  float sum = x[blockIdx.x * block_size + threadIdx.x];
#pragma tirx elect
  sum = warp_reduce_sum(sum);
  dst[blockIdx.x] = sum;
}

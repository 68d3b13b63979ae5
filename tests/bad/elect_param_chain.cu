// vLLM's blockReduceSum shape, with 'if (lane == 0)' replaced by elect: the
// helper's parameter comes from a half-warp reduction (each half of the warp
// holds its own sum), itself given a per-lane value two calls up.
template <typename T, int numLanes = 32>
__device__ T warpReduceSum(T val) {
  for (int mask = numLanes >> 1; mask > 0; mask >>= 1) val += __shfl_xor_sync(0xffffffffu, val, mask);
  return val;
}

template <typename T>
__device__ void store_sum(T sum, T *shared) {
#pragma tirx elect
  shared[threadIdx.x / 32] = sum;
}

template <typename T>
__device__ T halfWarpSums(T val) {
  __shared__ T shared[32];
  store_sum(warpReduceSum<T, 16>(val), shared);
  __syncthreads();
  return shared[0];
}

__global__ void k(const float *x, float *out) { out[blockIdx.x] = halfWarpSums<float>(x[threadIdx.x]); }

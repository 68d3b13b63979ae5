// bitsandbytes' kgemm_4bit_inference_naive, cut down, over T: each lane sums
// its part, cub::WarpReduce<T>::Sum leaves the total in lane 0 only, and
// 'if (warp_lane == 0)' is replaced by elect. The message names the
// reduction, not the loop before it.
#include <cub/warp/warp_reduce.cuh>
template <typename T>
__global__ void gemv(const T *A, T *out, int K) {
  typedef cub::WarpReduce<T> WarpReduce;
  __shared__ typename WarpReduce::TempStorage temp_storage[4];
  const int warp_idx = threadIdx.x / 32, warp_lane = threadIdx.x % 32;
  const int row = 4 * blockIdx.x + warp_idx;
  T local_C = T(0);
  for (int k = warp_lane; k < K; k += 32) local_C += A[row * K + k];
  local_C = WarpReduce(temp_storage[warp_idx]).Sum(local_C);
#pragma tirx elect
  out[row] = local_C;
}
template __global__ void gemv<float>(const float *, float *, int);

// uniform(local_C) asserts what CUB does not give: cub::WarpReduce::Sum
// defines the sum in lane 0 only, whatever the lanes' inputs.
#include <cub/warp/warp_reduce.cuh>
__global__ void gemv(const float *A, float *out) {
  typedef cub::WarpReduce<float> WarpReduce;
  __shared__ typename WarpReduce::TempStorage temp_storage[4];
  const int warp_idx = threadIdx.x / 32;
  const int row = 4 * blockIdx.x + warp_idx;
  float local_C = A[row];
  local_C = WarpReduce(temp_storage[warp_idx]).Sum(local_C);
#pragma tirx uniform(local_C)
#pragma tirx elect
  out[row] = local_C;
}

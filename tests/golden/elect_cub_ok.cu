// CUB's reductions with the test of the thread that holds the result kept,
// or the result broadcast from lane 0 before the elect: accepted.
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>
template <typename T, int THREADS>
__global__ void rowsum(const T *A, T *out) {
  using BlockReduceT = cub::BlockReduce<T, THREADS>;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const T total = BlockReduceT(temp_storage).Sum(A[blockIdx.x * THREADS + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
template __global__ void rowsum<float, 256>(const float *, float *);

template <typename T>
__global__ void gemv(const T *A, T *out, int K) {
  typedef cub::WarpReduce<T> WarpReduce;
  __shared__ typename WarpReduce::TempStorage temp_storage[4];
  const int warp_idx = threadIdx.x / 32, warp_lane = threadIdx.x % 32;
  const int row = 4 * blockIdx.x + warp_idx;
  T local_C = T(0);
  for (int k = warp_lane; k < K; k += 32) local_C += A[row * K + k];
  local_C = WarpReduce(temp_storage[warp_idx]).Sum(local_C);
  if (warp_lane == 0) out[row] = local_C;
}
template __global__ void gemv<float>(const float *, float *, int);

__global__ void gemv_broadcast(const float *A, float *out, int K) {
  typedef cub::WarpReduce<float> WarpReduce;
  __shared__ typename WarpReduce::TempStorage temp_storage[4];
  const int warp_idx = threadIdx.x / 32, warp_lane = threadIdx.x % 32;
  const int row = 4 * blockIdx.x + warp_idx;
  float local_C = 0.f;
  for (int k = warp_lane; k < K; k += 32) local_C += A[row * K + k];
  local_C = WarpReduce(temp_storage[warp_idx]).Sum(local_C);
  local_C = __shfl_sync(0xffffffffu, local_C, 0);  // lane 0's sum, in every lane
#pragma tirx uniform(local_C)  // (not needed; not an error either: the shuffle's value reaches here)
#pragma tirx elect
  out[row] = local_C;
}

// bitsandbytes' kInt8VectorQuant, cut down: 'if (threadIdx.x == 0)' after a
// cub::BlockReduce replaced by elect. The message names the value stored
// ('row_absmax', not the shared variable it is also assigned to) and the
// reduction it comes from (not the loop before it).
#include <cub/block/block_reduce.cuh>
#include <cuda/functional>
__global__ void rowmax(const float *A, float *rowStats, int cols) {
  using BlockReduceT = cub::BlockReduce<float, 1024>;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  __shared__ float smem_row_absmax;
  const float *row_data = A + blockIdx.x * cols;
  float row_local_absmax = 0.f;
  for (int i = threadIdx.x; i < cols; i += 1024) row_local_absmax = fmaxf(row_local_absmax, fabsf(row_data[i]));
  const float row_absmax = BlockReduceT(temp_storage).Reduce(row_local_absmax, cuda::maximum<>{}, cols);
#pragma tirx elect
  rowStats[blockIdx.x] = smem_row_absmax = row_absmax;
  __syncthreads();
}

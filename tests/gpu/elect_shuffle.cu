// tests/gpu/elect_shuffle.cu - the elected shuffle (docs/threads.md): ggml's
// xor-butterfly warp_reduce_sum leaves the warp's sum in every lane, so any
// one lane may store it; `#pragma tirx uniform(sum)` says so, and elect then
// stores it once per warp. block_reduce does the same across the block's
// warps through shared memory. An elect spelled through `PRAGMA(x)
// _Pragma(#x)` counts one arrival per warp. Every result is checked against
// the CPU.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define WARP_SIZE 32
#define PRAGMA(x) _Pragma(#x)

static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffff, x, offset, WARP_SIZE);
  return x;
}

// ggml's block_reduce (common.cuh), `if (lane_id == 0)` replaced by elect.
static __device__ float block_reduce(float val, float *shared_vals) {
  val = warp_reduce_sum(val);
  const int lane_id = threadIdx.x % WARP_SIZE;
  if (blockDim.x > WARP_SIZE) {
    const int warp_id = threadIdx.x / WARP_SIZE;
#pragma tirx uniform(val)
#pragma tirx elect
    shared_vals[warp_id] = val;
    __syncthreads();
    val = 0.0f;
    if (lane_id < (static_cast<int>(blockDim.x) / WARP_SIZE)) val = shared_vals[lane_id];
    return warp_reduce_sum(val);
  }
  return val;
}

__global__ void sums(const float *x, float *warp_sums, float *row_sums, int *arrivals, int ncols) {
  __shared__ float shared_vals[WARP_SIZE];
  const float *row = x + (size_t)blockIdx.x * ncols;
  float sum = 0.f;
  for (int col = threadIdx.x; col < ncols; col += blockDim.x) sum += row[col];
  const float warp_sum = warp_reduce_sum(sum);
#pragma tirx uniform(warp_sum)
#pragma tirx elect
  warp_sums[blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE] = warp_sum;
  const float total = block_reduce(sum, shared_vals);
  TIRX_UNIFORM_VARS(total)
  if (tirx_elect_sync() && threadIdx.x < WARP_SIZE) row_sums[blockIdx.x] = total;
  PRAGMA(tirx elect)
  atomicAdd(&arrivals[blockIdx.x], 1);
}

int main() {
  const int rows = 64, ncols = 1000, threads = 256, warps = threads / WARP_SIZE;
  std::vector<float> x((size_t)rows * ncols);
  for (size_t i = 0; i < x.size(); i++) x[i] = (float)((i * 7919) % 17) - 8.f;  // small integers: exact sums
  float *dx, *dwarp, *drow;
  int *darr;
  cudaMalloc(&dx, x.size() * sizeof(float));
  cudaMalloc(&dwarp, rows * warps * sizeof(float));
  cudaMalloc(&drow, rows * sizeof(float));
  cudaMalloc(&darr, rows * sizeof(int));
  cudaMemcpy(dx, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dwarp, 0xff, rows * warps * sizeof(float));  // NaN: a slot nobody wrote fails
  cudaMemset(drow, 0xff, rows * sizeof(float));
  cudaMemset(darr, 0, rows * sizeof(int));
  sums<<<rows, threads>>>(dx, dwarp, drow, darr, ncols);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("elect_shuffle: FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  std::vector<float> warp_sums(rows * warps), row_sums(rows);
  std::vector<int> arrivals(rows);
  cudaMemcpy(warp_sums.data(), dwarp, warp_sums.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(row_sums.data(), drow, rows * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(arrivals.data(), darr, rows * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < rows; r++) {
    float total = 0.f;
    for (int w = 0; w < warps; w++) {
      float want = 0.f;  // the columns of warp w's lanes: col % threads in [32 w, 32 w + 32)
      for (int col = 0; col < ncols; col++)
        if (col % threads / WARP_SIZE == w) want += x[(size_t)r * ncols + col];
      total += want;
      if (warp_sums[r * warps + w] != want && bad++ < 5)
        printf("row %d warp %d: elected sum %g, want %g\n", r, w, warp_sums[r * warps + w], want);
    }
    if (row_sums[r] != total && bad++ < 5) printf("row %d: block sum %g, want %g\n", r, row_sums[r], total);
    if (arrivals[r] != warps && bad++ < 5) printf("row %d: %d elected arrivals, want %d (one per warp)\n", r, arrivals[r], warps);
  }
  if (bad) {
    printf("elect_shuffle: FAIL (%d wrong)\n", bad);
    return 1;
  }
  printf("elect_shuffle: PASS (%d rows, %d warps each)\n", rows, warps);
  return 0;
}

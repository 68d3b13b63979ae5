// A kernel without a partition whose thread 0 issued a TMA copy, the test
// replaced by elect: in a block of more than one warp each warp issues the
// same copy, and the barrier, told to expect one tile's bytes, receives one
// tile per warp. The block's warps come from the launch, which tirx-pp does
// not see: a warning. A kernel whose own __launch_bounds__ allow one warp
// (the second) runs the copy once, and is told nothing; so is one whose code
// before the elect may have chosen one warp (a return, the third) or the
// block's size (a condition on blockDim, the fourth), one whose bounds
// tirx-pp cannot read (a macro, the fifth), and one whose prototype's bounds
// allow one warp (the sixth): the author said how large the block is.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void load_rows(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[32 * 32];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) tirx_mbar_init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) tirx_mbar_arrive_expect_tx(&bar, sizeof(buf));
#pragma tirx elect
  tirx_tma_load_2d(buf, &map, 0, blockIdx.x * 32, &bar);
  while (!tirx_mbar_try_wait_parity(&bar, 0, 1000000)) {
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void __launch_bounds__(32) load_rows_one_warp(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[32 * 32];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) tirx_mbar_init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) tirx_mbar_arrive_expect_tx(&bar, sizeof(buf));
#pragma tirx elect
  tirx_tma_load_2d(buf, &map, 0, blockIdx.x * 32, &bar);
  while (!tirx_mbar_try_wait_parity(&bar, 0, 1000000)) {
  }
  out[blockIdx.x * 32 + threadIdx.x] = buf[threadIdx.x];
}
__global__ void load_rows_warp_zero(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[32 * 32];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) tirx_mbar_init(&bar, 1);
  __syncthreads();
  if (threadIdx.x >= 32) return;  // only warp 0 goes on
  if (threadIdx.x == 0) tirx_mbar_arrive_expect_tx(&bar, sizeof(buf));
#pragma tirx elect
  tirx_tma_load_2d(buf, &map, 0, blockIdx.x * 32, &bar);
  while (!tirx_mbar_try_wait_parity(&bar, 0, 1000000)) {
  }
  out[blockIdx.x * 32 + threadIdx.x] = buf[threadIdx.x];
}
__global__ void load_rows_if_one_warp(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[32 * 32];
  __shared__ uint64_t bar;
  if (blockDim.x != 32) return;
  if (threadIdx.x == 0) tirx_mbar_init(&bar, 1);
  __syncwarp();
  if (threadIdx.x == 0) tirx_mbar_arrive_expect_tx(&bar, sizeof(buf));
  if (blockDim.x == 32) {
#pragma tirx elect
    tirx_tma_load_2d(buf, &map, 0, blockIdx.x * 32, &bar);
  }
  while (!tirx_mbar_try_wait_parity(&bar, 0, 1000000)) {
  }
  out[blockIdx.x * 32 + threadIdx.x] = buf[threadIdx.x];
}
#define ONE_WARP 32
__global__ void __launch_bounds__(ONE_WARP) load_rows_macro_bounds(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[32 * 32];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) tirx_mbar_init(&bar, 1);
  __syncwarp();
#pragma tirx elect
  tirx_tma_load_2d(buf, &map, 0, blockIdx.x * 32, &bar);
  out[blockIdx.x * 32 + threadIdx.x] = bar ? 0.f : buf[threadIdx.x];
}
__global__ void __launch_bounds__(32) load_rows_declared(const __grid_constant__ CUtensorMap map, float *out);
__global__ void load_rows_declared(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ __align__(128) float buf[32 * 32];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) tirx_mbar_init(&bar, 1);
  __syncwarp();
#pragma tirx elect
  tirx_tma_load_2d(buf, &map, 0, blockIdx.x * 32, &bar);
  out[blockIdx.x * 32 + threadIdx.x] = bar ? 0.f : buf[threadIdx.x];
}

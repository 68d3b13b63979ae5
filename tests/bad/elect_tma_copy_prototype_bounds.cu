// __launch_bounds__ on the kernel's prototype, which nvcc applies to its
// definition: 256 threads, eight warps, so the copy every warp repeats is
// reported (a prototype's bounds of one warp, as in
// elect_tma_copy_plain_kernel.cu, say nothing).
#include "tirx.h"
#include "tirx/tma.h"
__global__ void __launch_bounds__(256) load_rows(const __grid_constant__ CUtensorMap map, float *out);
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

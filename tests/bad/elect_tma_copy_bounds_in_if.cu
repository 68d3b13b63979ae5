// The kernel's __launch_bounds__ chosen by an #if: the branch nvcc compiles
// (256 threads, eight warps) is the one read, not the first written (32,
// one warp), so the copy that every warp repeats is reported.
#include "tirx.h"
#include "tirx/tma.h"
__global__ void
#if defined(ONE_WARP_BLOCKS)
__launch_bounds__(32)
#else
__launch_bounds__(256)
#endif
load_rows(const __grid_constant__ CUtensorMap map, float *out) {
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

#line 1 "event_grid_watchdog.cu"
#include "tirx.h"
// A barrier of the whole grid, once per launch, on a single counter: every
// block's first warpgroup writes its part, arrives, and waits for all the
// others before it reads a neighbour's. --watchdog bounds the spin.
__global__ void __launch_bounds__(256, 1) grid_barrier(float *x, unsigned *counter) {
const int wg = tirx_warpgroup_index();
unsigned *const everyone = (unsigned *)(counter); (void)everyone; __shared__ uint64_t __tirx_grid_0_everyone[2]; tirx_grid_event_init(__tirx_grid_0_everyone, 128); __shared__ int __tirx_gridflag_0_everyone; uint32_t __tirx_gridphase_0_everyone = 0u;
if (wg == 0)
  {
    const int i = blockIdx.x * 128 + threadIdx.x;
    x[i] = (float)blockIdx.x;
tirx_grid_arrive(everyone, __tirx_grid_0_everyone, &__tirx_gridflag_0_everyone, __tirx_gridphase_0_everyone, threadIdx.x == 0);
tirx_grid_wait_watchdog(everyone, (unsigned)(gridDim.x), __tirx_grid_0_everyone, &__tirx_gridflag_0_everyone, __tirx_gridphase_0_everyone, threadIdx.x == 0, 1000000ll, "everyone", "event_grid_watchdog.cu", 13);
    x[gridDim.x * 128 + i] = x[(blockIdx.x + 1) % gridDim.x * 128 + threadIdx.x];
  }
else if (wg == 1)
  {}
}

// Every block resident, or none launched: the kernel takes its work by
// blockIdx alone, so grid(persistent), which runs no more blocks than fit,
// would leave blocks out.
cudaError_t neighbours(float *x, unsigned *counter, int blocks) {
  void *args[] = {&x, &counter};
  return cudaLaunchCooperativeKernel((const void *)grid_barrier, dim3(blocks), dim3(256), args, 0, 0);
}

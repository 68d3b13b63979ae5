#include "tirx.h"
// A barrier of the whole grid, once per launch, on a single counter: every
// block's first warpgroup writes its part, arrives, and waits for all the
// others before it reads a neighbour's. --watchdog bounds the spin.
__global__ void grid_barrier(float *x, unsigned *counter) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event everyone grid(counter) count(gridDim.x)
#pragma tirx async(wg == 0)
  {
    const int i = blockIdx.x * 128 + threadIdx.x;
    x[i] = (float)blockIdx.x;
#pragma tirx trigger everyone
#pragma tirx wait everyone
    x[gridDim.x * 128 + i] = x[(blockIdx.x + 1) % gridDim.x * 128 + threadIdx.x];
  }
#pragma tirx async(wg == 1)
  {}
}

// Every block resident, or none launched: the kernel takes its work by
// blockIdx alone, so grid(persistent), which runs no more blocks than fit,
// would leave blocks out.
cudaError_t neighbours(float *x, unsigned *counter, int blocks) {
  void *args[] = {&x, &counter};
  return cudaLaunchCooperativeKernel((const void *)grid_barrier, dim3(blocks), dim3(256), args, 0, 0);
}

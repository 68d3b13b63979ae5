#line 1 "event_grid_launches.cu"
#include "tirx.h"
// The launches that keep every block of a waiting kernel resident
// (docs/regions-and-events.md#grid-events), and calls that only ask about
// the kernel, which launch nothing.

// A grid barrier; its work is by blockIdx alone, so every block must run at
// once: a cooperative launch, which runs them all or fails.
__global__ void barrier(float *x, unsigned *counter) {
unsigned *const all = (unsigned *)(counter); (void)all; __shared__ int __tirx_gridflag_all; uint32_t __tirx_gridphase_all = 0u;
  x[blockIdx.x * 128 + threadIdx.x] = 1.f;
tirx_grid_arrive(all, nullptr, &__tirx_gridflag_all, __tirx_gridphase_all, (threadIdx.x | threadIdx.y | threadIdx.z) == 0);
tirx_grid_wait(all, (unsigned)(gridDim.x), nullptr, &__tirx_gridflag_all, __tirx_gridphase_all, (threadIdx.x | threadIdx.y | threadIdx.z) == 0);
  x[gridDim.x * 128 + blockIdx.x * 128 + threadIdx.x] = x[(blockIdx.x + 1) % gridDim.x * 128 + threadIdx.x];
}

cudaError_t run_barrier(float *x, unsigned *c, int blocks, cudaStream_t s) {
  int per_sm = 0;
  cudaError_t err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, barrier, 128, 0);
  if (err != cudaSuccess) return err;
  void *args[] = {&x, &c};
  err = cudaLaunchCooperativeKernel((const void *)barrier, dim3(blocks), dim3(128), args, 0, s);
  if (err != cudaSuccess) return err;
  // The same through cudaLaunchKernelEx, with the cooperative attribute.
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(blocks), cfg.blockDim = dim3(128), cfg.stream = s, cfg.attrs = attr, cfg.numAttrs = 1;
  return cudaLaunchKernelEx(&cfg, barrier, x, c);
}

// Group barriers over a hand-written grid-stride loop: grid(persistent),
// whose grid may be smaller than the items, leaves none undone.
template <int THREADS>
__global__ void groups_of(float *x, unsigned *counters, int groups, int per_group) {
unsigned *const met = (unsigned *)(counters); (void)met; __shared__ int __tirx_gridflag_met; uint32_t __tirx_gridphase_met = 0u;
  for (int item = blockIdx.x; item < groups * per_group; item += gridDim.x) {
    x[item * THREADS + threadIdx.x] += 1.f;
    tirx_grid_arrive(met + (item / per_group), nullptr, &__tirx_gridflag_met, __tirx_gridphase_met, (threadIdx.x | threadIdx.y | threadIdx.z) == 0);
    tirx_grid_wait(met + (item / per_group), (unsigned)(per_group), nullptr, &__tirx_gridflag_met, __tirx_gridphase_met, (threadIdx.x | threadIdx.y | threadIdx.z) == 0);
  }
}

void run_groups(float *x, unsigned *counters, int groups, int per_group) {
  cudaFuncSetAttribute(groups_of<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
{ tirx_launch_t __tirx_launch = tirx_launch_begin(groups_of<128>, (groups * per_group), (128), 0, 0, true);
  if (__tirx_launch.err == cudaSuccess) groups_of<128><<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(x, counters, groups, per_group); tirx_launch_end(__tirx_launch, "event_grid_launches.cu", 47, 3, "groups_of<128>", true, true); }
}

#include "tirx.h"
// The launches that keep every block of a waiting kernel resident
// (docs/regions-and-events.md#grid-events), and calls that only ask about
// the kernel, which launch nothing.

// A grid barrier; its work is by blockIdx alone, so every block must run at
// once: a cooperative launch, which runs them all or fails.
__global__ void barrier(float *x, unsigned *counter) {
#pragma tirx event all grid(counter) count(gridDim.x)
  x[blockIdx.x * 128 + threadIdx.x] = 1.f;
#pragma tirx trigger all
#pragma tirx wait all
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
#pragma tirx event met[groups] grid(counters) count(per_group)
  for (int item = blockIdx.x; item < groups * per_group; item += gridDim.x) {
    x[item * THREADS + threadIdx.x] += 1.f;
    tirx_trigger(met[item / per_group]);
    tirx_wait(met[item / per_group]);
  }
}

void run_groups(float *x, unsigned *counters, int groups, int per_group) {
  cudaFuncSetAttribute(groups_of<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
#pragma tirx launch grid(persistent)
  groups_of<128><<<groups * per_group, 128>>>(x, counters, groups, per_group);
}

#line 1 "launch_host_branch.cu"
// launch: a launch in a block only nvcc's host pass compiles is lowered too.
#include "tirx.h"

__global__ void fill(float *out) {
  extern __shared__ float smem[];
  smem[threadIdx.x] = 1.f;
  out[threadIdx.x] = smem[threadIdx.x];
}

void run(float *out) {
#ifndef __CUDA_ARCH__
{ tirx_launch_t __tirx_launch = tirx_launch_begin(fill, (1), (32), (64 * 1024), 0, false);
  if (__tirx_launch.err == cudaSuccess) fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out); tirx_launch_end(__tirx_launch, "launch_host_branch.cu", 13, 3, "fill", true, true); }
#else
{ tirx_launch_t __tirx_launch = tirx_launch_begin(fill, (1), (32), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) fill<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out); tirx_launch_end(__tirx_launch, "launch_host_branch.cu", 16, 3, "fill", true, true); }
#endif
}

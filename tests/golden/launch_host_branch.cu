// launch: a launch in a block only nvcc's host pass compiles is lowered too.
#include "tirx.h"

__global__ void fill(float *out) {
  extern __shared__ float smem[];
  smem[threadIdx.x] = 1.f;
  out[threadIdx.x] = smem[threadIdx.x];
}

void run(float *out) {
#ifndef __CUDA_ARCH__
#pragma tirx launch smem(64 * 1024)
  fill<<<1, 32>>>(out);
#else
#pragma tirx launch
  fill<<<1, 32>>>(out);
#endif
}

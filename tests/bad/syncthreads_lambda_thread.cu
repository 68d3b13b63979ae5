// A lambda that captures nothing holds no data, but calling it runs its body,
// which reads threadIdx: the loop's start is the thread's, so a thread leaves
// the loop after fewer trips than others, and the __syncthreads() in it is
// reached by part of the block.
#include "tirx.h"
__global__ void k(float *a, int n) {
  auto tid = [] { return (int)threadIdx.x; };
  for (int i = tid(); i < n; i += blockDim.x) {
    a[i] = 1.f;
    __syncthreads();
  }
#pragma tirx elect
  a[1] = 2.f;
}

// A barrier under a thread-dependent condition is an error in every function
// of the file, a constructor as much as a plain __device__ function.
#include "tirx.h"
struct Stage {
  __device__ Stage(float *s) {
    s[threadIdx.x] = 0.f;
    if (threadIdx.x < 32) __syncthreads();
  }
};
__global__ void k(float *out) {
  __shared__ float s[256];
  Stage st(s);
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) out[i] = s[i];
}

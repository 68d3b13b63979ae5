// A kernel that does one block's work per block, launched with
// grid(persistent): the launch caps the grid at what the device holds at
// once, and the elements of the blocks past that are never scaled.
#include "tirx.h"
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.f;
}
void run(float *x, int n) {
#pragma tirx launch grid(persistent)
  scale<<<(n + 255) / 256, 256>>>(x, n);
}

// elect under an `if` on a load at the thread's own index: the lanes of one
// warp read different elements and may take different branches.
__global__ void k(const int *src, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = src[i];
  if (v > 0) {
#pragma tirx elect
    atomicAdd(count, 1);
  }
}

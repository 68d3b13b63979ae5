// elect in a helper that the kernel calls under a lane-dependent `if`.
__device__ void bump(int *count) {
#pragma tirx elect
  atomicAdd(count, 1);
}

__global__ void k(int *count) {
  if (threadIdx.x % 2 == 0) bump(count);
}

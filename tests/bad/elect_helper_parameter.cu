// elect in a helper under a condition on its parameter: the same in every
// lane for the first call's argument (the warp index), not for the second's
// (the lane).
__device__ void bump_if(int *count, int w) {
  if (w < 2) {
#pragma tirx elect
    atomicAdd(count, 1);
  }
}

__global__ void k(int *count) {
  bump_if(count, threadIdx.x / 32);
  bump_if(count + 1, threadIdx.x % 32);
}

// elect in a helper stores its parameter: the same in every lane for the
// first call's argument (the warp index), not for the second's (the lane),
// so which lane is elected decides what the second call stores.
__device__ void store_one(float val, float *out) {
#pragma tirx elect
  out[blockIdx.x * 32 + threadIdx.x / 32] = val;  // was: if (threadIdx.x % 32 == 0)
}

__global__ void k(float *out) {
  int lane = threadIdx.x % 32;
  store_one((float)(threadIdx.x / 32), out);
  store_one((float)lane, out + 1024);
}

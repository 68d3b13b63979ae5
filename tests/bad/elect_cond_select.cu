__device__ void mark(int *p) { *p = 1; }
__global__ void k(int *out) {
  int lane = threadIdx.x % 32;
#pragma tirx elect
  lane < 16 ? mark(out + blockIdx.x) : (void)0;
}

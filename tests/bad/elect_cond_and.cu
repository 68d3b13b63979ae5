__global__ void k(int *out) {
  int lane = threadIdx.x % 32;
#pragma tirx elect
  (void)(lane < 16 && (out[blockIdx.x] = 1));
}

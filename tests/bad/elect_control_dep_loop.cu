__global__ void k(int *out) {
  int lane = threadIdx.x % 32;
  int n = 0;
  for (int i = 0; i < lane; i++) n++;
#pragma tirx elect
  out[blockIdx.x] = n;
}

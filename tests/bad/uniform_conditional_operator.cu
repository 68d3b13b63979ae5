__global__ void k(float *out) {
  int x = threadIdx.x < 32 ? (__syncthreads(), 1) : 0;
#pragma tirx unroll
  for (int j = 0; j < 2; ++j) out[j + x] = 0;
}

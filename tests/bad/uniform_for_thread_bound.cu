__global__ void k(float *out) {
  for (int i = threadIdx.x; i < 64; i += 32) __syncthreads();
#pragma tirx unroll
  for (int j = 0; j < 2; ++j) out[j] = 0;
}

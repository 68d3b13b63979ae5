__global__ void k(float *out) {
  int n = 0;
  do {
    __syncthreads();
  } while (++n < threadIdx.x);
#pragma tirx unroll
  for (int j = 0; j < 2; ++j) out[j] = 0;
}

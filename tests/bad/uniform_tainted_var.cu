// A barrier under a variable computed from threadIdx, in a kernel of its own.
__global__ void k(float *out) {
  int t = threadIdx.x;
  if (t < 32) __syncthreads();
  out[t] = 0;
}
__global__ void other(float *out) {
#pragma tirx unroll
  for (int j = 0; j < 2; ++j) out[j] = 0;
}

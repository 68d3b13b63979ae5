__global__ void k(float *out) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    __shared__ float tile[128];
    tile[threadIdx.x] = out[threadIdx.x] * i;
    __syncthreads();
    out[threadIdx.x] = tile[127 - threadIdx.x];
  }
}

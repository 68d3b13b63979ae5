// Breaks that the whole block takes alike, and a barrier after the loop that
// every thread reaches once: nothing to report.
__global__ void k(float *a, const int *stop, int n) {
  __shared__ float row[256];
  for (int i = 0; i < n; ++i) {
    if (stop[i]) break;
    row[threadIdx.x] = a[i * blockDim.x + threadIdx.x];
    __syncthreads();
#pragma tirx uniform
    if (row[0] < 0.f) break;
#pragma tirx unroll
    for (int j = 0; j < 4; ++j) a[i * blockDim.x + threadIdx.x] += row[(threadIdx.x + j) % 256];
    __syncthreads();
  }
  for (int i = 0; i < n; ++i)
    if (a[i * blockDim.x + threadIdx.x] < 0.f) break;
  __syncthreads();
  for (int i = 0; i < n; ++i) {
    __syncthreads();
    for (int j = 0; j < 4; ++j)
      if (a[j * blockDim.x + threadIdx.x] < 0.f) break;
  }
}

// A thread-dependent break, then __syncthreads() later in the loop: the
// threads that left never reach it again, and the rest wait for them.
__global__ void scale_until_negative(float *a, int n) {
  __shared__ float row[256];
  for (int i = 0; i < n; ++i) {
    float v = a[i * blockDim.x + threadIdx.x];
    if (v < 0.f) break;
    row[threadIdx.x] = v;
    __syncthreads();
#pragma tirx unroll
    for (int j = 0; j < 4; ++j) a[i * blockDim.x + threadIdx.x] += row[(threadIdx.x + j) % 256];
  }
}

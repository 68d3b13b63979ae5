// 'uniform' takes no arguments.
__global__ void k(float *a) {
#pragma tirx uniform(x)
  if (a[0] > 0.f) __syncthreads();
}

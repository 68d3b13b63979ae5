// 'uniform(...)' names variables that its statement reads: 'x' is not one.
__global__ void k(float *a) {
#pragma tirx uniform(x)
  if (a[0] > 0.f) __syncthreads();
}

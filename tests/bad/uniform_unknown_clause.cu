// 'uniform' with a clause it does not know.
__global__ void k(float *a) {
#pragma tirx uniform sure
  if (a[0] > 0.f) __syncthreads();
}

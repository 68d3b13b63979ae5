// An error after a #line directive names the line and file it gives.
#line 500 "kernels.cu"
__global__ void k(float *x, int n) {
#pragma tirx unroll
  for (int i = 0; i < n; ++i) x[i] = 0;
}

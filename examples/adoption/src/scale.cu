// An untouched kernel of the existing project.
__global__ void scale(float *B, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) B[i] *= s;
}

// A variable as the unroll factor: not a constant, which nvcc requires.
__global__ void k(float *a, int n) {
#pragma tirx unroll(n)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

#define ID(x) x
__global__ void k(float *a, int i) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) ID(a[i] = 0.f);
}

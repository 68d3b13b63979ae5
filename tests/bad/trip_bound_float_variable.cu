// A floating variable as the bound: a count is an integer.
__global__ void k(float *a, float x) {
#pragma tirx unroll
  for (int i = 0; i < x; ++i) a[0] = 0.f;
}

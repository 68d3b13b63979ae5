// The classic: a trip count known only at run time.
__global__ void k(float *a, int n) {
#pragma tirx unroll
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}

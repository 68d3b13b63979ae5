// An unroll factor of zero.
__global__ void k(float *a) {
#pragma tirx unroll(0)
  for (int i = 0; i < 8; ++i) a[i] = 0.f;
}

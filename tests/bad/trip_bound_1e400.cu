// A floating bound that overflows to infinity.
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 1e400; ++i) a[0] = 0.f;
}

// A bound of 2^64 + 1.
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 18446744073709551617; ++i) a[0] = 0.f;
}

// An unroll factor of 2^64 + 1: no integer type holds it.
__global__ void k(float *a) {
#pragma tirx unroll(18446744073709551617)
  for (int i = 0; i < 8; ++i) a[i] = 0.f;
}

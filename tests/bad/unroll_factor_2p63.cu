// An unroll factor of 2^63: an integer, out of range (not "not an integer").
__global__ void k(float *a) {
#pragma tirx unroll(9223372036854775808)
  for (int i = 0; i < 8; ++i) a[i] = 0.f;
}

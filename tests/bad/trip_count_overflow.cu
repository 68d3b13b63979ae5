// A step of -2^63: the second step overflows long long.
__global__ void k(float *a) {
#pragma tirx unroll
  for (long long i = 0; i < 4; i += -9223372036854775807LL - 1) a[0] = 0.f;
}

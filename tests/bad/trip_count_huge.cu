// 2^63 - 1 iterations.
__global__ void k(float *a) {
#pragma tirx unroll
  for (long long i = 0; i < 9223372036854775807LL; ++i) a[0] = 0.f;
}

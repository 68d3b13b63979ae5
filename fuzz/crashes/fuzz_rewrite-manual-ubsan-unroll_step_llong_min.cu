__global__ void k(float *a) {
#pragma tirx unroll
  for (long long i = 0; i > -10; i -= (-9223372036854775807LL - 1)) a[0] += 1.f;
}

// Full unroll with a clause it does not take: must not be silently dropped.
__global__ void k(float *a) {
#pragma tirx unroll fast
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}

// 'unroll[3]': an index on a directive that takes none.
__global__ void k(float *a) {
#pragma tirx unroll[3]
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}

// 'unroll' twice.
__global__ void k(float *a) {
#pragma tirx grid(i: 4) unroll unroll
  a[i] = 0.f;
}

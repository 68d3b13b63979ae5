__global__ void k(float *a) {
#pragma tirx grid(i: 2, j: 9223372036854775807LL) unroll
  a[i] += 1.f;
}

// The 'unroll' clause of a grid takes no factor.
__global__ void k(float *a) {
#pragma tirx grid(i: 4) unroll(2)
  a[i] = 0.f;
}

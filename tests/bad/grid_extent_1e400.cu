// A floating extent that overflows to infinity.
__global__ void k(float *a) {
#pragma tirx grid(i: 1e400) unroll
  a[0] = 0.f;
}

// An unrolled grid with a negative extent.
__global__ void k(float *a) {
#pragma tirx grid(i: -3) unroll
  a[i] = 0.f;
}

// A type as an extent.
__global__ void k(float *a) {
#pragma tirx grid(i: int)
  a[i] = 0.f;
}

// The dimension list is never closed.
__global__ void k(float *a) {
#pragma tirx grid(i: 4, j: 2
  a[0] = 0.f;
}

// A grid with nothing after it but the end of the function.
__global__ void k(float *a) {
  a[0] = 0.f;
#pragma tirx grid(i: 4)
}

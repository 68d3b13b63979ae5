// A dimension written without its name.
__global__ void k(float *a) {
#pragma tirx grid(i: 4, : 3)
  a[i] = 0.f;
}

// An event outside any function.
#pragma tirx event e
__global__ void k(float *a) {
  a[0] = 0.f;
}

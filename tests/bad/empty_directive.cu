// '#pragma tirx' with nothing after it.
__global__ void k(float *a) {
#pragma tirx
  a[0] = 0.f;
}

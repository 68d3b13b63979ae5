// A pragma right before the closing brace.
__global__ void k(float *a) {
  a[0] = 0.f;
#pragma tirx elect
}

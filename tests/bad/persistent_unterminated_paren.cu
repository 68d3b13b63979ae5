// The argument list is never closed.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64
  a[t] = 0.f;
}

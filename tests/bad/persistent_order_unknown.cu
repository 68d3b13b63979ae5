// An order this version does not know.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(swizzle)
  a[t] = 0.f;
}

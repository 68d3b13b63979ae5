// README: the order(...) clause of persistent is "not supported by this
// version", reported as such.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(swizzle)
  a[t] = 0.f;
}

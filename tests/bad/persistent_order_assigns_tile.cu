// The tile index of an ordered loop is set from the position each iteration.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped(8, 2))
  {
    a[t] = 0.f;
    t += 1;
  }
}

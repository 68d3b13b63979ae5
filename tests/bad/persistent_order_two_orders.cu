// Two orders in one clause.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped(8, 2), grouped(8, 4))
  a[t] = 0.f;
}

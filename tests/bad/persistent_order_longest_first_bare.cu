// longest_first without its argument.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(longest_first)
  a[t] = 0.f;
}

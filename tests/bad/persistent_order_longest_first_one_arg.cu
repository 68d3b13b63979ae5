// longest_first(...) without the group height.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(longest_first(8))
  a[t] = 0.f;
}

// longest_first(...) with a third argument: it takes the columns and the group height.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(longest_first(8, 2, 1))
  a[t] = 0.f;
}

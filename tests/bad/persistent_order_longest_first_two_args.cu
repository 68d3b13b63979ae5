// longest_first(...) with a group height: it takes only the columns.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(longest_first(8, 2))
  a[t] = 0.f;
}

// grouped(...) without the group height.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped(8))
  a[t] = 0.f;
}

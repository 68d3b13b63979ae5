// 'order' without the order.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order
  a[t] = 0.f;
}

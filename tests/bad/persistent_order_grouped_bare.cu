// 'grouped' without its arguments.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped)
  a[t] = 0.f;
}

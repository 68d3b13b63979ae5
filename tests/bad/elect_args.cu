// 'elect' takes no arguments.
__global__ void k(float *a) {
#pragma tirx elect(3)
  a[0] = 0.f;
}

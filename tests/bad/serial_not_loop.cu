// 'serial' before something that is not a loop.
__global__ void k(float *a) {
#pragma tirx serial
  a[0] = 0.f;
}

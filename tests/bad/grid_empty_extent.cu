// 'i:' with no extent.
__global__ void k(float *a) {
#pragma tirx grid(i: )
  a[0] = 0.f;
}

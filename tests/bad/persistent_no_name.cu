// 'persistent' needs 'tile: TOTAL'.
__global__ void k(float *a) {
#pragma tirx persistent(64)
  a[0] = 0.f;
}

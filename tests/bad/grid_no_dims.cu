// 'grid' with no dimensions at all.
__global__ void k(float *a) {
#pragma tirx grid
  a[0] = 0.f;
}

// 33 warps is more than a block holds.
__global__ void k(float *a) {
#pragma tirx warps(w: 33)
  a[0] = 0.f;
}

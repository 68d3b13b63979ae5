// A partition outside any function.
#pragma tirx warps(w: 2)
__global__ void k(float *a) {
  a[0] = 0.f;
}

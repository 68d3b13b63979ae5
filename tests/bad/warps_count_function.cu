// A function as the count.
__global__ void k(float *a) {
#pragma tirx warps(w: k)
  a[0] = 0.f;
}

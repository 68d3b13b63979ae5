// A warp count known only at run time.
__global__ void k(float *a, int n) {
#pragma tirx warps(w: n)
  a[0] = 0.f;
}

// A partition outside a kernel.
__device__ void f(float *a) {
#pragma tirx warps(w: 2)
  a[0] = 0.f;
}

// A device function as the group of order(grouped(...)): not an integer.
__device__ int f();
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped(8, f))
  a[t] = 0.f;
}

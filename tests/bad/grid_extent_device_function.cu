// A device function as an extent: not an integer.
__device__ int f();
__global__ void k(float *a) {
#pragma tirx grid(i: f)
  a[i] = 0.f;
}

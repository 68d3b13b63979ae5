// TIRX_ELECT on a declaration, several names: the first is named.
__device__ int f();
__global__ void k(int *a) {
  TIRX_ELECT int x = f(), y = 2;
  a[0] = x + y;
}

// elect on a declaration: x would be declared inside the elected branch and
// unknown to the line after it (nvcc's error, before).
__device__ int f();
__global__ void k(int *a) {
#pragma tirx elect
  int x = f();
  a[0] = x;
}

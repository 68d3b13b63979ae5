// grid on a declaration: the loop would be its scope.
__global__ void k(float *a) {
#pragma tirx grid(i: 4)
  float v = a[i];
  a[0] = v;
}

__global__ void k(float *out) {
  int x = 0;
  int *px = &x;
  *px = threadIdx.x % 32;
#pragma tirx elect
  out[x] = 1.f;
}

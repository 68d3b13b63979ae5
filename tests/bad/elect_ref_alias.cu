__global__ void k(float *out) {
  int x = 0;
  int &r = x;
  r = threadIdx.x % 32;
#pragma tirx elect
  out[x] = 1.f;
}

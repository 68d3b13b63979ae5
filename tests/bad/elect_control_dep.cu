__global__ void k(float *out) {
  int lane = threadIdx.x % 32;
  int idx = 0;
  if (lane == 3) idx = 5;
#pragma tirx elect
  out[idx] = 1.f;
}

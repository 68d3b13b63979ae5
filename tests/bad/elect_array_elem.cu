__global__ void k(float *out) {
  int idx[1]; idx[0] = threadIdx.x % 32;
#pragma tirx elect
  out[idx[0]] = 1.f;
}

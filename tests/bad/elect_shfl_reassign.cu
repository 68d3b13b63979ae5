__global__ void k(float *out, const float *in) {
  float v = in[threadIdx.x];
  v = __shfl_sync(0xffffffff, v, 0);
#pragma tirx elect
  out[blockIdx.x] = v;
}

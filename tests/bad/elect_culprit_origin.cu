__global__ void k(float *out, const float *in) {
#pragma tirx elect
  {
    float v = in[threadIdx.x];
    float w = v * 2.f;
    out[blockIdx.x] = w;
  }
}

// uniform(...) names a variable that its statement does not read.
__global__ void k(float *out, float a) {
  float sum = a;
#pragma tirx uniform(total)
#pragma tirx elect
  out[blockIdx.x] = sum;
}

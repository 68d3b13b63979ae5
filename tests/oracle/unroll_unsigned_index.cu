// The oracle's own cases (tests/oracle.sh): issue 11 item 7, an unrolled loop
// whose variable meets an unsigned value (cuda-samples' convolution: the
// radius is unsigned): in each copy `2u + j` is a constant, and a negative j
// gives nvcc warning #68-D, which the loop did not.
#define RADIUS 2u
__global__ void conv(float *out, const float *in, const float *c) {
  float acc = 0.f;
#pragma tirx unroll
  for (int j = -2; j <= 2; j++) acc += c[RADIUS + j] * in[threadIdx.x + RADIUS + j];
  out[threadIdx.x] = acc;
}

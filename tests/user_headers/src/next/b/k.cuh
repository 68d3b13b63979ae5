__device__ float k_sum(const float *x) {
  float s = 0;
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) s += x[i];
  return s;
}

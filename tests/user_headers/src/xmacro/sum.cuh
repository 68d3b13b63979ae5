// An X-macro header: no include guard, included once per width.
__device__ float SUM_NAME(const float *x) {
  float s = 0;
#pragma tirx unroll
  for (int i = 0; i < WIDTH; ++i) s += x[i];
  return s;
}

// Included inside a namespace.
__device__ void zero_two(float *x) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) x[i] = 0;
}

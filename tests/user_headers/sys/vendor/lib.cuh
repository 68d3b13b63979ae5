#define LIB_VALUE 1.0f
__device__ void lib_fill(float *x) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) x[i] = LIB_VALUE;
}

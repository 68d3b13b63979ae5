// An error in a header is reported at the header's line.
__global__ void broken(int n, float *x) {
#pragma tirx unroll
  for (int i = 0; i < n; ++i) x[i] = 0;
}

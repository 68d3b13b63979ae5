// A /* that never closes after the pragma: the rest of the file is comment.
__global__ void k(float *a, int n) {
#pragma tirx unroll /* never closed
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}

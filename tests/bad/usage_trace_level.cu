// A good annotated file: only the command line is wrong.
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

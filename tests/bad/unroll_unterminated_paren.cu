// The factor's '(' is never closed.
__global__ void k(float *a) {
#pragma tirx unroll(4
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}

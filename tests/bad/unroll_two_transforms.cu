// Two annotations that each transform the same loop: vectorize after unroll.
__global__ void k(float *a) {
#pragma tirx unroll
#pragma tirx vectorize
  for (int i = 0; i < 4; i++) a[i] = 0.0f;
}

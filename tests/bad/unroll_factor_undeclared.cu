// An undeclared name as the unroll factor: left to nvcc's '#pragma unroll nn',
// which nvcc refuses; tirx-pp must refuse it itself.
__global__ void k(float *a) {
#pragma tirx unroll(nn)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

// A function as the unroll factor: nvcc would refuse '#pragma unroll k'.
__global__ void k(float *a) {
#pragma tirx unroll(k)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

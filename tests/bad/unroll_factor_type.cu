// A type as the unroll factor: nvcc would refuse '#pragma unroll int'.
__global__ void k(float *a) {
#pragma tirx unroll(int)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

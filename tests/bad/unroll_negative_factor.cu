// A negative unroll factor (nvcc ignores '#pragma unroll -4' with a warning).
__global__ void k(float *a) {
#pragma tirx unroll(-4)
  for (int i = 0; i < 8; ++i) a[i] = 0.f;
}

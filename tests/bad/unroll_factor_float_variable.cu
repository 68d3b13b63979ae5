// A float constant as the unroll factor: not an integer.
__global__ void k(float *a) {
  constexpr float f = 2.f;
#pragma tirx unroll(f)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

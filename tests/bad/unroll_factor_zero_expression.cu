// An expression whose value is 0: out of range.
__global__ void k(float *a) {
  constexpr int f = 2;
#pragma tirx unroll(f - 2)
  for (int i = 0; i < 4; ++i) a[i] = 0.f;
}

// A ')' with no '('.
__global__ void k(float *a) {
#pragma tirx unroll)
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}

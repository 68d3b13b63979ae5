// An unroll factor that is not an integer (and overflows a double).
__global__ void k(float *a) {
#pragma tirx unroll(1e400)
  for (int i = 0; i < 8; ++i) a[i] = 0.f;
}

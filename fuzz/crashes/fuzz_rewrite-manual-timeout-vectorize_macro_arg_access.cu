#define ID(x) x
__global__ void k(float *a) {
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) ID(a[v]) += 1.f;
}

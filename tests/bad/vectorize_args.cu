// 'vectorize' takes no arguments.
__global__ void k(float *a) {
#pragma tirx vectorize(4)
  for (int v = 0; v < 4; ++v) a[v] = 0.f;
}

// 'vectorize' with a clause it does not know.
__global__ void k(float *a) {
#pragma tirx vectorize wide
  for (int v = 0; v < 4; ++v) a[v] = 0.f;
}

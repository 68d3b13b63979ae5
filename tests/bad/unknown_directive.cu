// An unknown directive after 'tirx'.
__global__ void k(float *a) {
#pragma tirx unrol
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}

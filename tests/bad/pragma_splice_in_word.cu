__global__ void k(float *a) {
#pragma tirx un\
roll
  for (int i = 0; i < 2; ++i) a[i] = 0;
}

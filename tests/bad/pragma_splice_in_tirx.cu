__global__ void k(float *a) {
#pragma ti\
rx unroll
  for (int i = 0; i < 2; ++i) a[i] = 0;
}

#line 1 "@ROOT@/src/main.cu"
// A translation unit whose own text holds no annotation: its kernels live in
// headers (as in llm.c), found beside it, under a subfolder and through -I.
#include <cstdio>
#include "@ROOT@/src/params.h"
#include "main.cu.headers/kernels/scale.cuh"
#include <config.h>

int main() {
  float *x;
  cudaMalloc(&x, 32 * WIDTH * sizeof(float));
  scale<float><<<1, 32>>>(x, 2.0f);
  first_lane<<<1, 64>>>(x);
  cudaDeviceSynchronize();
  printf("%d %d\n", WIDTH, CONFIG_VALUE);
  return 0;
}

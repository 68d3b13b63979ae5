// Runs scale on 1024 elements and checks them; prints SKIP without a GPU.
#include <cstdio>

__global__ void scale(float *x, int n, float s);

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("consumer: SKIP (no CUDA device)\n");
    return 77;
  }
  const int n = 1024;
  float h[n], *d;
  for (int i = 0; i < n; ++i) h[i] = (float)i;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<n / 4 / 128, 128>>>(d, n, 2.0f);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (h[i] != 2.0f * (float)i) {
      printf("consumer: FAIL at %d\n", i);
      return 1;
    }
  printf("consumer: PASS\n");
  return 0;
}

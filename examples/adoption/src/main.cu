// Runs both kernels and checks them against the CPU; prints SKIP without a GPU.
#include <cstdio>
#include <vector>

__global__ void row_sum(const float *A, float *B, int n);
__global__ void scale(float *B, int n, float s);

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("adoption: SKIP (no CUDA device)\n");
    return 77;
  }
  const int n = 1000;
  std::vector<float> a(n * ROW_WIDTH), b(n), want(n);
  for (int i = 0; i < n * ROW_WIDTH; ++i) a[i] = (float)(i % 7) - 3.0f;
  for (int r = 0; r < n; ++r) {
    float t = 0.0f;
    for (int k = 0; k < ROW_WIDTH; ++k) t += a[r * ROW_WIDTH + k];
    want[r] = 2.0f * t;
  }
  float *dA, *dB;
  cudaMalloc(&dA, a.size() * sizeof(float));
  cudaMalloc(&dB, n * sizeof(float));
  cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
  row_sum<<<(n + 127) / 128, 128>>>(dA, dB, n);
  scale<<<(n + 127) / 128, 128>>>(dB, n, 2.0f);
  cudaError_t err = cudaMemcpy(b.data(), dB, n * sizeof(float), cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("adoption: FAIL %s\n", cudaGetErrorString(err));
    return 1;
  }
  for (int r = 0; r < n; ++r)
    if (b[r] != want[r]) {
      printf("adoption: FAIL row %d: %g, expected %g\n", r, b[r], want[r]);
      return 1;
    }
  printf("adoption: PASS\n");
  return 0;
}

// A kernel with elect in a loop over a kernel argument, launched from host
// code through '#pragma tirx launch': the launch starts warps of its own, so
// the host code around it is not a condition on the kernel's lanes. It drew a
// warning ('i < n' "through cudaMalloc(&out, ...)") that failed -Werror.
#include "tirx.h"
__global__ void fill(float *out, int n) {
  for (int i = 0; i < n; ++i) {
#pragma tirx elect
    out[i] = 1.f;
  }
}
int main() {
  float *out;
  cudaMalloc(&out, 512 * 4);
#pragma tirx launch
  fill<<<1, 32>>>(out, 8);
  cudaFree(out);
}
